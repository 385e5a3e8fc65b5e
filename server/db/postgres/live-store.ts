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
import { type ShopperVisit, VISIT_GAP_MS } from "../../presence/presence-tracker";
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
  /**
   * This process's shoppers looking at quotes now (the dashboard's live status): each visit is
   * seen until `lookingUntil`; one that comes back within VISIT_GAP_MS continues its visit.
   */
  reportVisits(visits: readonly ShopperVisit[], now: number, lookingUntil: number): Promise<void>;
  /** Quotes some process's shopper is looking at now, with when the visit began. */
  visitsNow(now: number): Promise<ShopperVisit[]>;
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
    async reportVisits(visits, now, lookingUntil) {
      for (const visit of visits) {
        await pool
          .query(
            `INSERT INTO quote_visits (quote_id, visit_started_at, last_seen_at, looking_until)
             SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM quotes WHERE id = $1)
             ON CONFLICT (quote_id) DO UPDATE SET
               visit_started_at = CASE WHEN quote_visits.last_seen_at < $3 - $5 THEN EXCLUDED.visit_started_at
                                       ELSE LEAST(quote_visits.visit_started_at, EXCLUDED.visit_started_at) END,
               last_seen_at = GREATEST(quote_visits.last_seen_at, EXCLUDED.last_seen_at),
               looking_until = GREATEST(quote_visits.looking_until, EXCLUDED.looking_until)`,
            [visit.quoteId, visit.visitStartedAt, now, lookingUntil, VISIT_GAP_MS],
          )
          // A quote deleted meanwhile has nobody to show it to.
          .catch((error: { code?: string }) => {
            if (error.code !== "23503") throw error;
          });
      }
    },
    async visitsNow(now) {
      const { rows } = await pool.query<{ quote_id: string; visit_started_at: number }>(
        "SELECT quote_id, visit_started_at FROM quote_visits WHERE looking_until > $1",
        [now],
      );
      return rows.map((row) => ({ quoteId: row.quote_id, visitStartedAt: Number(row.visit_started_at) }));
    },
  };
}
