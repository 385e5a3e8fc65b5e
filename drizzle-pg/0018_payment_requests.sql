CREATE TABLE "payment_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" text NOT NULL,
	"dealership_id" text NOT NULL,
	"requester" text NOT NULL,
	"at" bigint NOT NULL,
	"request" text NOT NULL,
	"lead_event_id" text,
	"released_at" bigint
);
--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_requests_quote" ON "payment_requests" USING btree ("quote_id","at");--> statement-breakpoint
CREATE INDEX "payment_requests_requester" ON "payment_requests" USING btree ("requester","at");--> statement-breakpoint
CREATE INDEX "payment_requests_held" ON "payment_requests" USING btree ("lead_event_id","quote_id");--> statement-breakpoint
-- Issue #47: dealdesk_live_append (0014, then 0017 with the first writes) also stores a shopper's payment request, which rides in
-- p_history's "payment_request" object (the signature is unchanged), in the append's transaction
-- with its clock; and a payment request's change is never merged into an earlier history event
-- (each request is an event of its own, as the recorder does on SQLite). The "handoff" array stays
-- for processes of the previous version during a rolling start.
CREATE OR REPLACE FUNCTION dealdesk_live_append(
  p_doc text,
  p_expected bigint,
  p_update bytea,
  p_vehicle text,
  p_customer text,
  p_claims jsonb,
  p_history jsonb,
  p_state bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_head bigint;
  v_quote text;
  v_state bigint;
  v_at bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
  v_claim record;
  v_owner text;
  v_change record;
  v_last record;
  v_role text := p_history->>'role';
  v_actor text := p_history->>'actor';
  v_merge bigint := (p_history->>'merge_ms')::bigint;
  v_id bigint;
  v_ops jsonb := '[]'::jsonb;
  v_event record;
  v_event_id bigint;
BEGIN
  SELECT head_seq, quote_id INTO v_head, v_quote FROM yjs_documents WHERE doc_name = p_doc FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('status', 'gone');
  END IF;
  IF v_head <> p_expected THEN
    RETURN jsonb_build_object('status', 'stale');
  END IF;
  -- Issue #33: the deal's state (lock, expiry, salesperson, the team's roles) changed since the
  -- update was judged: nothing written, the process reads the state again and judges again.
  -- The quote's row after the document's, the order every append takes them in.
  SELECT state_seq INTO v_state FROM quotes WHERE id = v_quote FOR NO KEY UPDATE;
  IF p_state IS NOT NULL AND v_state IS DISTINCT FROM p_state THEN
    RETURN jsonb_build_object('status', 'state');
  END IF;
  FOR v_claim IN SELECT * FROM jsonb_to_recordset(coalesce(p_claims, '[]'::jsonb)) AS c(client_id bigint, principal text) LOOP
    SELECT principal INTO v_owner FROM live_client_ids WHERE doc_name = p_doc AND client_id = v_claim.client_id;
    IF FOUND AND v_owner <> v_claim.principal THEN
      RETURN jsonb_build_object('status', 'claimed');
    END IF;
  END LOOP;

  UPDATE yjs_documents SET head_seq = v_head + 1 WHERE doc_name = p_doc;
  INSERT INTO yjs_updates (doc_name, seq, quote_id, "update", created_at) VALUES (p_doc, v_head + 1, v_quote, p_update, v_at);
  UPDATE quotes SET updated_at = v_at,
         vehicle_description = coalesce(p_vehicle, vehicle_description),
         customer_name = coalesce(p_customer, customer_name)
   WHERE id = v_quote;
  INSERT INTO live_client_ids (doc_name, client_id, quote_id, principal)
    SELECT p_doc, c.client_id, v_quote, c.principal
      FROM jsonb_to_recordset(coalesce(p_claims, '[]'::jsonb)) AS c(client_id bigint, principal text)
    ON CONFLICT (doc_name, client_id) DO NOTHING;

  IF p_history IS NOT NULL THEN
    FOR v_change IN
      SELECT * FROM ROWS FROM (jsonb_to_recordset(p_history->'changes') AS (field text, old_value text, new_value text))
        WITH ORDINALITY AS c(field, old_value, new_value, n)
      ORDER BY n
    LOOP
      SELECT id, at, role, actor_name, old_value INTO v_last FROM quote_events
       WHERE quote_id = v_quote AND field = v_change.field ORDER BY id DESC LIMIT 1;
      IF FOUND AND v_last.role = v_role AND v_last.actor_name IS NOT DISTINCT FROM v_actor
         AND v_at - v_last.at <= v_merge AND NOT v_change.field LIKE 'paymentRequest.%' THEN
        IF v_last.old_value IS NOT DISTINCT FROM v_change.new_value THEN
          DELETE FROM quote_events WHERE id = v_last.id;
          v_ops := v_ops || jsonb_build_array(jsonb_build_object('op', 'remove', 'id', v_last.id));
        ELSE
          UPDATE quote_events SET new_value = v_change.new_value, at = v_at WHERE id = v_last.id;
          v_ops := v_ops || jsonb_build_array(jsonb_build_object('op', 'extend', 'id', v_last.id,
            'field', v_change.field, 'oldValue', v_last.old_value, 'newValue', v_change.new_value));
        END IF;
      ELSE
        INSERT INTO quote_events (quote_id, at, role, actor_name, field, old_value, new_value)
          VALUES (v_quote, v_at, v_role, v_actor, v_change.field, v_change.old_value, v_change.new_value)
          RETURNING id INTO v_id;
        v_ops := v_ops || jsonb_build_array(jsonb_build_object('op', 'insert', 'id', v_id,
          'field', v_change.field, 'oldValue', v_change.old_value, 'newValue', v_change.new_value));
      END IF;
    END LOOP;
  END IF;

  -- Issue #39: the outbox events of the update (a shopper's payment request), with one pending
  -- delivery per enabled endpoint that takes them: a lead address takes every lead event, a
  -- webhook the events it subscribed to (as insertHandoffEvents does for the other changes).
  IF p_history IS NOT NULL AND p_history ? 'handoff' THEN
    FOR v_event IN
      SELECT * FROM jsonb_to_recordset(p_history->'handoff')
        AS e(public_id text, dealership_id text, type text, payload text, lead boolean)
    LOOP
      INSERT INTO handoff_events (public_id, dealership_id, type, quote_id, created_at, payload)
        VALUES (v_event.public_id, v_event.dealership_id, v_event.type, v_quote, v_at, v_event.payload)
        RETURNING id INTO v_event_id;
      INSERT INTO handoff_deliveries (event_id, endpoint_id, status, attempts, next_attempt_at, created_at)
        SELECT v_event_id, e.id, 'pending', 0, v_at, v_at
          FROM handoff_endpoints e
         WHERE e.dealership_id = v_event.dealership_id AND e.enabled
           AND CASE WHEN v_event.lead
                    THEN e.kind = 'lead' OR strpos(e.events, '"' || v_event.type || '"') > 0
                    ELSE e.kind <> 'lead' AND strpos(e.events, '"' || v_event.type || '"') > 0 END;
    END LOOP;
  END IF;

  -- Issue #47: the first write of a shopper's device to the quote, timed by the append's clock
  -- (an earlier one stands): shopper slots go by it (server/live/shopper-slots.ts).
  IF p_history IS NOT NULL AND p_history ? 'first_write' THEN
    INSERT INTO live_first_writes (quote_id, principal, written_at)
      VALUES (v_quote, p_history->>'first_write', v_at)
      ON CONFLICT (quote_id, principal) DO NOTHING;
  END IF;

  -- Issue #47: the shopper's payment request, kept for the caps and held for the CRM's next lead
  -- (the delivery worker turns held requests into one quote.payment_requested event per window).
  IF p_history IS NOT NULL AND p_history ? 'payment_request' THEN
    INSERT INTO payment_requests (quote_id, dealership_id, requester, at, request)
      VALUES (v_quote, p_history->'payment_request'->>'dealership_id',
              p_history->'payment_request'->>'requester', v_at, p_history->'payment_request'->>'request');
  END IF;

  RETURN jsonb_build_object('status', 'ok', 'seq', v_head + 1, 'at', v_at, 'ops', v_ops);
END;
$$;
