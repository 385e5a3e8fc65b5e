import { asc, inArray, sql } from "drizzle-orm";
import * as r from "../queries/payment-requests";
import type { HandoffStore } from "../repositories/handoff";
import { groupHeldRequests } from "../repositories/payment-requests";
import { paymentRequests } from "../schema.pg";
import type { PgDb } from "./connection";
import { insertHandoffEvents } from "./handoff";

// Issue #47: the payment requests held for a quote's next lead, on PostgreSQL. Any process's
// delivery worker may release them: the release locks the quote's row first (as every live
// append of the quote does), so two releases of one quote run one after the other, and the
// second finds the requests sent or the window open again, and writes nothing. Times are the
// database's clock, as the requests' own (dealdesk_live_append).

type PaymentRequestLeads = Pick<HandoffStore, "heldPaymentRequests" | "releasePaymentRequests">;

const NOW_MS = sql.raw("(extract(epoch from clock_timestamp()) * 1000)::bigint");

export function createPaymentRequestLeads(db: PgDb): PaymentRequestLeads {
  return {
    async heldPaymentRequests(windowMs, limit) {
      const quotes = await db.execute<{
        quote_id: string;
      }>(sql`SELECT DISTINCT r.quote_id FROM payment_requests r
        WHERE r.lead_event_id IS NULL
          AND NOT EXISTS (SELECT 1 FROM payment_requests o
                           WHERE o.quote_id = r.quote_id AND o.released_at > ${NOW_MS} - ${windowMs}::bigint)
        ORDER BY r.quote_id LIMIT ${limit}`);
      if (quotes.rows.length === 0) return [];
      const rows = await db
        .select()
        .from(paymentRequests)
        .where(
          r.heldFor(
            paymentRequests,
            quotes.rows.map((q) => q.quote_id),
          ),
        )
        .orderBy(asc(paymentRequests.id));
      return groupHeldRequests(rows);
    },
    releasePaymentRequests(held, windowMs, event) {
      const ids = held.requests.map((request) => request.id);
      return db.transaction(async (tx) => {
        // One release of a quote at a time; its appends take this row too (after their document's).
        const locked = await tx.execute<{ now: string }>(
          sql`SELECT ${NOW_MS} AS now FROM quotes WHERE id = ${held.quoteId} FOR NO KEY UPDATE`,
        );
        const at = locked.rows[0]?.now;
        if (at === undefined) return false;
        const now = Number(at);
        const still = await tx
          .select({ id: paymentRequests.id })
          .from(paymentRequests)
          .where(r.stillHeld(paymentRequests, ids));
        if (still.length !== ids.length) return false;
        const sent = await tx
          .select({ id: paymentRequests.id })
          .from(paymentRequests)
          .where(r.releasedSince(paymentRequests, held.quoteId, now - windowMs))
          .limit(1);
        if (sent.length > 0) return false;
        await insertHandoffEvents(tx, [{ ...event, createdAt: now }]);
        await tx
          .update(paymentRequests)
          .set(r.released(event.publicId, now))
          .where(inArray(paymentRequests.id, ids));
        return true;
      });
    },
  };
}
