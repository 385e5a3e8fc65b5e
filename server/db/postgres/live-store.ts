import type { HistoryPush } from "@shared/history-push";
import type pg from "pg";
import {
  actorOf,
  historyPushOf,
  type LastEvent,
  planHistory,
  type RecordedChange,
} from "../../history/recorder";
import type { ClientIdClaim } from "../../live/persistence";
import type { PgDb } from "./connection";
import { createDocumentLog, type DocumentLog } from "./document-log";

// What the live rooms store on PostgreSQL besides the document log itself: who owns each Yjs
// client id, the deal's history rows and the desk log's out-the-door column. Claims and history are
// written inside the append's transaction (after its compare-and-set took the document's row
// lock), so an update is stored with them or not at all, whichever process wrote it.

export type SharedLiveStore = {
  log: DocumentLog;
  /** Who wrote under each Yjs client id of the document. */
  owners(docName: string): Promise<Map<number, string>>;
  /**
   * Stores the claims in the append's transaction; false when one of the ids already belongs to
   * another principal (another process accepted a claim first: the update is refused at the head).
   */
  claim(
    client: pg.PoolClient,
    docName: string,
    quoteId: string,
    claims: readonly ClientIdClaim[],
  ): Promise<boolean>;
  /** The deal's history rows of one change, in the append's transaction (merging as on SQLite). */
  record(client: pg.PoolClient, change: RecordedChange): Promise<HistoryPush>;
  setOutTheDoor(quoteId: string, cents: number | null): Promise<void>;
  /** Whether the quote still exists. */
  quoteExists(quoteId: string): Promise<boolean>;
};

export function createSharedLiveStore(db: PgDb): SharedLiveStore {
  const pool = db.$client;
  return {
    log: createDocumentLog(db),
    async owners(docName) {
      const { rows } = await pool.query<{ client_id: number; principal: string }>(
        "SELECT client_id, principal FROM live_client_ids WHERE doc_name = $1",
        [docName],
      );
      return new Map(rows.map((row) => [Number(row.client_id), row.principal]));
    },
    async claim(client, docName, quoteId, claims) {
      for (const { clientId, principal } of claims) {
        await client.query(
          `INSERT INTO live_client_ids (doc_name, client_id, quote_id, principal) VALUES ($1, $2, $3, $4)
           ON CONFLICT (doc_name, client_id) DO NOTHING`,
          [docName, clientId, quoteId, principal],
        );
        const { rows } = await client.query<{ principal: string }>(
          "SELECT principal FROM live_client_ids WHERE doc_name = $1 AND client_id = $2",
          [docName, clientId],
        );
        if (rows[0]?.principal !== principal) return false;
      }
      return true;
    },
    async record(client, change) {
      const fields = [...change.keys];
      const { rows } = await client.query<LastEvent & { field: string }>(
        `SELECT DISTINCT ON (field) id, at, role, actor_name AS actor, old_value AS "oldValue", field
           FROM quote_events WHERE quote_id = $1 AND field = ANY($2) ORDER BY field, id DESC`,
        [change.quoteId, fields],
      );
      const last = new Map(
        rows.map((row) => [row.field, { ...row, id: Number(row.id), at: Number(row.at) }]),
      );
      const ops = planHistory(change, (field) => last.get(field));
      const actor = actorOf(change);
      const ids: number[] = [];
      for (const op of ops) {
        if (op.op === "remove") await client.query("DELETE FROM quote_events WHERE id = $1", [op.id]);
        else if (op.op === "extend")
          await client.query("UPDATE quote_events SET new_value = $1, at = $2 WHERE id = $3", [
            op.newValue,
            change.at,
            op.id,
          ]);
        else {
          const inserted = await client.query<{ id: number }>(
            `INSERT INTO quote_events (quote_id, at, role, actor_name, field, old_value, new_value)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
            [change.quoteId, change.at, change.role, actor, op.field, op.oldValue, op.newValue],
          );
          ids.push(Number(inserted.rows[0]?.id));
        }
      }
      return historyPushOf(change, ops, ids);
    },
    async setOutTheDoor(quoteId, cents) {
      await pool.query("UPDATE quotes SET out_the_door_cents = $1 WHERE id = $2", [cents, quoteId]);
    },
    async quoteExists(quoteId) {
      const { rows } = await pool.query("SELECT 1 FROM quotes WHERE id = $1", [quoteId]);
      return rows.length > 0;
    },
  };
}
