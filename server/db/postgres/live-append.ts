import type { HistoryPush } from "@shared/history-push";
import pg from "pg";
import {
  actorOf,
  historyPushOf,
  type LastEvent,
  planHistory,
  type RecordedChange,
} from "../../history/recorder";
import type { ClientIdClaim, ListingChange } from "../../live/persistence";

// One accepted live update on PostgreSQL in two round trips, whatever it carries (SCALE.md §7:
// round trips, not SQL, are what an append costs on a busy machine: each one wakes a PostgreSQL
// backend and waits for it). The first opens the transaction, does the compare-and-set append
// (log row and listing columns with it, the database's clock) and reads what the history merge
// and the client-id claims need; the second writes the history rows and claims and commits, or
// rolls back. Both are simple-protocol queries with every value written as a literal by the
// helpers below (numbers checked, text through node-postgres' escapeLiteral, bytes as hex), so
// several statements travel together.

export type LiveAppend = {
  docName: string;
  expectedSeq: number;
  /** The update's V2 delta, as the log stores it. */
  update: Uint8Array;
  listing: ListingChange | null;
  claims: readonly ClientIdClaim[];
  quoteId: string;
  /** A deal document's change, for its history rows (at is filled in from the database's clock). */
  change: Omit<RecordedChange, "at"> | null;
};

export type LiveAppendResult =
  | { status: "ok"; seq: number; at: number; history: HistoryPush | null }
  | { status: "stale" }
  | { status: "gone" }
  /** A client id the update claims already belongs to another principal (claimed in another process). */
  | { status: "claimed" };

const text = (value: string | null | undefined) => (value == null ? "NULL" : pg.escapeLiteral(value));
const int = (value: number) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
};
const bytes = (value: Uint8Array) =>
  `'\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}'::bytea`;
const list = (values: readonly string[]) => values.join(", ");

const NOW_MS = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

export async function appendLive(pool: pg.Pool, input: LiveAppend): Promise<LiveAppendResult> {
  const doc = text(input.docName);
  const quote = text(input.quoteId);
  const fields = input.change ? [...input.change.keys] : [];
  const first = [
    "BEGIN",
    `WITH cas AS (
       UPDATE yjs_documents SET head_seq = head_seq + 1 WHERE doc_name = ${doc} AND head_seq = ${int(input.expectedSeq)}
       RETURNING head_seq, quote_id
     ), clock AS (SELECT ${NOW_MS} AS ms),
     ins AS (
       INSERT INTO yjs_updates (doc_name, seq, quote_id, "update", created_at)
       SELECT ${doc}, cas.head_seq, cas.quote_id, ${bytes(input.update)}, clock.ms FROM cas, clock
       RETURNING seq, created_at
     ), listing AS (
       UPDATE quotes SET updated_at = clock.ms,
              vehicle_description = COALESCE(${text(input.listing?.vehicleDescription)}, vehicle_description),
              customer_name = COALESCE(${text(input.listing?.customerName)}, customer_name)
         FROM cas, clock WHERE quotes.id = cas.quote_id
       RETURNING 1
     )
     SELECT seq, created_at AS at FROM ins`,
    `SELECT 1 FROM yjs_documents WHERE doc_name = ${doc}`,
    fields.length > 0
      ? `SELECT DISTINCT ON (field) id, at, role, actor_name AS actor, old_value AS "oldValue", field
           FROM quote_events WHERE quote_id = ${quote} AND field IN (${list(fields.map(text))})
          ORDER BY field, id DESC`
      : "SELECT 1 WHERE false",
    input.claims.length > 0
      ? `SELECT client_id, principal FROM live_client_ids
          WHERE doc_name = ${doc} AND client_id IN (${list(input.claims.map((c) => int(c.clientId)))})`
      : "SELECT 1 WHERE false",
  ].join(";\n");

  const client = await pool.connect();
  let open = false;
  try {
    open = true;
    const results = (await client.query(first)) as unknown as pg.QueryResult[];
    const appended = results[1]?.rows[0] as { seq: number; at: number } | undefined;
    if (!appended) {
      await client.query("ROLLBACK");
      open = false;
      return (results[2]?.rows.length ?? 0) > 0 ? { status: "stale" } : { status: "gone" };
    }
    const owners = new Map(
      (results[4]?.rows ?? []).map((row: { client_id: number; principal: string }) => [
        Number(row.client_id),
        row.principal,
      ]),
    );
    if (input.claims.some((claim) => (owners.get(claim.clientId) ?? claim.principal) !== claim.principal)) {
      await client.query("ROLLBACK");
      open = false;
      return { status: "claimed" };
    }
    const seq = Number(appended.seq);
    const at = Number(appended.at);
    const second: string[] = [];
    for (const claim of input.claims)
      if (!owners.has(claim.clientId))
        second.push(
          `INSERT INTO live_client_ids (doc_name, client_id, quote_id, principal)
           VALUES (${doc}, ${int(claim.clientId)}, ${quote}, ${text(claim.principal)})`,
        );
    let history: HistoryPush | null = null;
    let ops: ReturnType<typeof planHistory> = [];
    const change = input.change ? { ...input.change, at } : null;
    if (change) {
      const last = new Map(
        (results[3]?.rows ?? []).map((row: LastEvent & { field: string }) => [
          row.field,
          { ...row, id: Number(row.id), at: Number(row.at) },
        ]),
      );
      ops = planHistory(change, (field) => last.get(field));
      const actor = actorOf(change);
      for (const op of ops) {
        if (op.op === "remove") second.push(`DELETE FROM quote_events WHERE id = ${int(op.id)}`);
        else if (op.op === "extend")
          second.push(
            `UPDATE quote_events SET new_value = ${text(op.newValue)}, at = ${int(at)} WHERE id = ${int(op.id)}`,
          );
        else
          second.push(
            `INSERT INTO quote_events (quote_id, at, role, actor_name, field, old_value, new_value)
             VALUES (${quote}, ${int(at)}, ${text(change.role)}, ${text(actor)}, ${text(op.field)},
                     ${text(op.oldValue)}, ${text(op.newValue)}) RETURNING id`,
          );
      }
    }
    second.push("COMMIT");
    const written = await client.query(second.join(";\n"));
    open = false;
    if (change) {
      const all = (Array.isArray(written) ? written : [written]) as pg.QueryResult[];
      const ids = all.flatMap((result) =>
        result.command === "INSERT" && result.rows[0] && "id" in result.rows[0]
          ? [Number(result.rows[0].id)]
          : [],
      );
      history = historyPushOf(change, ops, ids);
    }
    return { status: "ok", seq, at, history };
  } catch (error) {
    if (open) await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
