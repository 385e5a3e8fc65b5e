import type { HistoryPush } from "@shared/history/history-push";
import type pg from "pg";
import {
  actorOf,
  HISTORY_MERGE_MS,
  type HistoryOp,
  historyChanges,
  historyPushOf,
  type RecordedChange,
} from "../history/recorder";
import type { ClientIdClaim, ListingChange } from "../repositories/documents";
import type { PaymentRequestRecord } from "../repositories/payment-requests";

// One accepted live update on PostgreSQL in one round trip: the function dealdesk_live_append
// (drizzle-pg/0008) locks the document's row, does the compare-and-set on its head seq, and
// writes the log row, the listing columns, the client-id claims and the deal's history rows, or
// nothing. Round trips, not SQL, are what an append costs on a busy machine (each one wakes a
// PostgreSQL backend and waits for it): five of them per edit made cross-process propagation at
// 1,000 edits/s 11-19 ms at p50 on 2 cores, one brings it to a few ms (docs/decisions/012).

export type LiveAppend = {
  docName: string;
  /** The document's quote: appends of one batch lock their quotes' rows in this order. */
  quoteId: string;
  expectedSeq: number;
  /**
   * The deal's state seq (quotes.state_seq) the update was judged at: a state changed since
   * answers "state" and writes nothing (issue #33). Null: not checked.
   */
  expectedState: number | null;
  /** The update's V2 delta, as the log stores it. */
  update: Uint8Array;
  listing: ListingChange | null;
  claims: readonly ClientIdClaim[];
  /** A deal document's change, for its history rows (timed by the database's clock). */
  change: Omit<RecordedChange, "at"> | null;
  /** Issue #47: the shopper's payment request the update sets (drizzle-pg/0018), timed by the database's clock. */
  paymentRequest?: PaymentRequestRecord | null;
  /**
   * Issue #47: the shopper's device whose write this is: its first write to the quote is kept
   * (drizzle-pg/0017), timed by the database's clock; an earlier one stands.
   */
  firstWrite?: string | null;
};

export type LiveAppendResult =
  /** `handoffStored`: a payment request was stored, for the delivery worker to send. */
  | { status: "ok"; seq: number; at: number; history: HistoryPush | null; handoffStored: boolean }
  | { status: "stale" }
  | { status: "gone" }
  /** A client id the update claims already belongs to another principal (claimed in another process). */
  | { status: "claimed" }
  /** The deal's state changed since the update was judged (lock, expiry, salesperson, roles): judge again. */
  | { status: "state" };

type Op =
  | { op: "insert" | "extend"; id: number; field: string; oldValue: string | null; newValue: string | null }
  | { op: "remove"; id: number };
type Answer =
  | { status: "ok"; seq: number; at: number; ops: Op[] }
  | { status: "stale" | "gone" | "claimed" | "state" };

/** The function's eight arguments for one append. */
function argumentsOf(input: LiveAppend) {
  const { change } = input;
  const changes = change ? historyChanges(change) : [];
  // Issue #47: the payment request rides in the history argument (drizzle-pg/0018 stores it), and
  // so does the writing device's first write (drizzle-pg/0017).
  const request = input.paymentRequest;
  const firstWrite = input.firstWrite ?? null;
  const history =
    (change && changes.length > 0) || request || firstWrite
      ? {
          role: change?.role ?? null,
          actor: change ? actorOf(change) : null,
          merge_ms: HISTORY_MERGE_MS,
          changes: changes.map((c) => ({ field: c.field, old_value: c.oldValue, new_value: c.newValue })),
          ...(request
            ? {
                payment_request: {
                  dealership_id: request.dealershipId,
                  requester: request.requester,
                  request: request.request,
                },
              }
            : {}),
          ...(firstWrite ? { first_write: firstWrite } : {}),
        }
      : null;
  return [
    input.docName,
    input.expectedSeq,
    Buffer.from(input.update.buffer, input.update.byteOffset, input.update.byteLength),
    input.listing?.vehicleDescription ?? null,
    input.listing?.customerName ?? null,
    JSON.stringify(input.claims.map((c) => ({ client_id: c.clientId, principal: c.principal }))),
    history ? JSON.stringify(history) : null,
    input.expectedState,
  ] as const;
}

function resultOf(input: LiveAppend, answer: Answer | undefined): LiveAppendResult {
  if (!answer) throw new Error("dealdesk_live_append answered nothing");
  if (answer.status !== "ok") return { status: answer.status };
  const at = Number(answer.at);
  // The database's ops as the recorder's (an insert's id apart), pushed the way SQLite's are.
  const ops: HistoryOp[] = answer.ops.map((op) =>
    op.op === "insert"
      ? { op: "insert", field: op.field, oldValue: op.oldValue, newValue: op.newValue }
      : { ...op, id: Number(op.id) },
  );
  const insertedIds = answer.ops.flatMap((op) => (op.op === "insert" ? [Number(op.id)] : []));
  const { change } = input;
  const pushed = change ? historyPushOf({ ...change, at }, ops, insertedIds) : null;
  return {
    status: "ok",
    seq: Number(answer.seq),
    at,
    history: pushed,
    handoffStored: Boolean(input.paymentRequest),
  };
}

async function appendLive(pool: pg.Pool, input: LiveAppend): Promise<LiveAppendResult> {
  // A named statement: each pooled connection parses and plans it once, not at every edit.
  const { rows } = await pool.query<{ r: Answer }>({
    name: "dealdesk_live_append",
    text: "SELECT dealdesk_live_append($1, $2, $3, $4, $5, $6, $7, $8) AS r",
    values: [...argumentsOf(input)],
  });
  return resultOf(input, rows[0]?.r);
}

/**
 * Several appends in one round trip and one transaction: the function once per row of the
 * arrays, in their order (the lateral call runs row by row as unnest yields them), answers in
 * the same order. Each append still has its own outcome (ok, stale, gone, claimed); an error
 * (a lost connection) fails them all, as one append's would fail it: unknown outcome.
 */
async function appendLiveMany(pool: pg.Pool, inputs: readonly LiveAppend[]): Promise<LiveAppendResult[]> {
  const columns: unknown[][] = [[], [], [], [], [], [], [], []];
  for (const input of inputs)
    argumentsOf(input).forEach((value, i) => {
      columns[i]?.push(value);
    });
  const { rows } = await pool.query<{ r: Answer }>({
    name: "dealdesk_live_append_many",
    text:
      "SELECT r FROM unnest($1::text[], $2::bigint[], $3::bytea[], $4::text[], $5::text[], $6::jsonb[], $7::jsonb[], $8::bigint[])" +
      " WITH ORDINALITY AS a(doc, expected, upd, vehicle, customer, claims, history, state, n)," +
      " LATERAL dealdesk_live_append(a.doc, a.expected, a.upd, a.vehicle, a.customer, a.claims, a.history, a.state) AS r" +
      " ORDER BY a.n",
    values: columns,
  });
  if (rows.length !== inputs.length)
    throw new Error(`dealdesk_live_append answered ${rows.length} of ${inputs.length} appends`);
  return inputs.map((input, i) => resultOf(input, rows[i]?.r));
}

/** Most appends one round trip carries. */
const APPEND_BATCH_MAX = 64;

/**
 * The appends a process asks for in one event-loop turn go to PostgreSQL together, one round
 * trip and one commit for all of them instead of one each; a lone append goes as it is. On a
 * quiet server that is every append (the query leaves at the end of the turn, microseconds
 * later); under a burst (many sockets read in one turn) it is fewer backend wake-ups and WAL
 * flushes, so the backlog drains sooner (docs/decisions/012). Nothing waits for a timer.
 *
 * Lock order: each append locks its document's row, then its quote's row. One batch never
 * holds two documents of one quote (a quote's deal and private documents go in separate
 * batches), and its appends go in quote order, so two batches, in this process or another,
 * always take the rows they share in the same order and never wait on each other in a cycle.
 */
export function createAppendBatcher(pool: pg.Pool) {
  type Waiting = {
    input: LiveAppend;
    resolve: (result: LiveAppendResult) => void;
    reject: (error: unknown) => void;
  };
  let waiting: Waiting[] = [];
  let scheduled = false;

  const send = (batch: Waiting[]) => {
    const [only] = batch;
    const answered =
      batch.length === 1 && only
        ? appendLive(pool, only.input).then((result) => [result])
        : appendLiveMany(
            pool,
            batch.map((item) => item.input),
          );
    answered.then(
      (results) => {
        batch.forEach((item, i) => {
          item.resolve(results[i] as LiveAppendResult);
        });
      },
      (error: unknown) => {
        for (const item of batch) item.reject(error);
      },
    );
  };

  const flush = () => {
    scheduled = false;
    const all = waiting;
    waiting = [];
    all.sort((a, b) => (a.input.quoteId < b.input.quoteId ? -1 : a.input.quoteId > b.input.quoteId ? 1 : 0));
    // Batches in quote order, none with two documents of one quote nor over APPEND_BATCH_MAX.
    const batches: { items: Waiting[]; quotes: Set<string> }[] = [];
    for (const item of all) {
      let batch = batches.find((b) => !b.quotes.has(item.input.quoteId) && b.items.length < APPEND_BATCH_MAX);
      if (!batch) {
        batch = { items: [], quotes: new Set() };
        batches.push(batch);
      }
      batch.items.push(item);
      batch.quotes.add(item.input.quoteId);
    }
    for (const batch of batches) send(batch.items);
  };

  return (input: LiveAppend) =>
    new Promise<LiveAppendResult>((resolve, reject) => {
      waiting.push({ input, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
