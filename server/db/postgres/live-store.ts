import type { ListingFigures } from "@shared/rules/quote-list";
import type { ClientIdClaim } from "../repositories/documents";
import type { RecentRequests } from "../repositories/payment-requests";
import { type ShopperVisit, VISIT_GAP_MS } from "../shopper-visits";
import type { PgDb } from "./connection";
import { createDocumentLog, type DocumentLog } from "./document-log";
import { createAppendBatcher, type LiveAppend, type LiveAppendResult } from "./live-append";

// What the live rooms store on PostgreSQL: the document log (load, compaction, catch-up), the
// append of an accepted update with its client-id claims and history rows in one transaction
// (live-append.ts: after its compare-and-set took the document's row lock, so an update is
// stored with them or not at all, whichever process wrote it), who owns each Yjs client id, the
// desk log's deal figures and the shoppers' visits.

export type PostgresLiveStore = {
  log: DocumentLog;
  /** Who wrote under each Yjs client id of the document. */
  owners(docName: string): Promise<Map<number, string>>;
  /** The owners of several documents in one statement, by document (one without owners is absent). */
  ownersOf(docNames: readonly string[]): Promise<Map<string, Map<number, string>>>;
  /**
   * Issue #36: claims client ids a connection announced in its presence (never written under
   * yet); an id someone claimed first keeps its owner. Answers each id's owner as stored.
   */
  claim(docName: string, quoteId: string, claims: readonly ClientIdClaim[]): Promise<Map<number, string>>;
  /** Issue #47: when each of these shopper devices first wrote to the quote (those that did). */
  firstWrites(quoteId: string, principals: readonly string[]): Promise<Map<string, number>>;
  /** Issue #47: keeps `at` as these devices' first writes to the quote, unless one is kept already. */
  recordFirstWrites(quoteId: string, principals: readonly string[], at: number): Promise<void>;
  /**
   * Appends an accepted update with its claims and history rows, in one transaction; the appends
   * of one event-loop turn share a round trip (live-append.ts).
   */
  append(input: LiveAppend): Promise<LiveAppendResult>;
  /**
   * Issue #47: the ages (the database's clock) of the payment requests of the quote, and of the
   * requester, within `windowMs`.
   */
  recentPaymentRequests(quoteId: string, requester: string, windowMs: number): Promise<RecentRequests>;
  setListingFigures(quoteId: string, figures: ListingFigures): Promise<void>;
  /** Issue #38: the desk log's total gross in cents (null: not known). */
  setListingGross(quoteId: string, grossCents: number | null): Promise<void>;
  /**
   * This process's shoppers looking at quotes now (the dashboard's live status): each visit is
   * seen until `lookingUntil`; one that comes back within VISIT_GAP_MS continues its visit.
   */
  reportVisits(visits: readonly ShopperVisit[], now: number, lookingUntil: number): Promise<void>;
  /** Quotes some process's shopper is looking at now, with when the visit began. */
  visitsNow(now: number): Promise<ShopperVisit[]>;
};

export function createLiveStore(db: PgDb): PostgresLiveStore {
  const pool = db.$client;
  const append = createAppendBatcher(pool);
  return {
    log: createDocumentLog(db),
    async owners(docName) {
      const { rows } = await pool.query<{ client_id: number; principal: string }>(
        "SELECT client_id, principal FROM live_client_ids WHERE doc_name = $1",
        [docName],
      );
      return new Map(rows.map((row) => [Number(row.client_id), row.principal]));
    },
    async ownersOf(docNames) {
      const { rows } = await pool.query<{ doc_name: string; client_id: number; principal: string }>(
        "SELECT doc_name, client_id, principal FROM live_client_ids WHERE doc_name = ANY($1::text[])",
        [docNames],
      );
      const owners = new Map<string, Map<number, string>>();
      for (const row of rows) {
        const ofDoc = owners.get(row.doc_name) ?? new Map<number, string>();
        ofDoc.set(Number(row.client_id), row.principal);
        owners.set(row.doc_name, ofDoc);
      }
      return owners;
    },
    async claim(docName, quoteId, claims) {
      const ids = claims.map((c) => c.clientId);
      const { rows } = await pool.query<{ client_id: number; principal: string }>(
        `WITH wanted AS (SELECT * FROM unnest($3::bigint[], $4::text[]) AS w(client_id, principal)),
         inserted AS (
           INSERT INTO live_client_ids (doc_name, client_id, quote_id, principal)
           SELECT $1, client_id, $2, principal FROM wanted
           WHERE EXISTS (SELECT 1 FROM quotes WHERE id = $2)
           ON CONFLICT (doc_name, client_id) DO NOTHING
           RETURNING client_id, principal)
         SELECT client_id, principal FROM inserted
         UNION ALL
         SELECT client_id, principal FROM live_client_ids
         WHERE doc_name = $1 AND client_id = ANY($3::bigint[])
           AND client_id NOT IN (SELECT client_id FROM inserted)`,
        [docName, quoteId, ids, claims.map((c) => c.principal)],
      );
      return new Map(rows.map((row) => [Number(row.client_id), row.principal]));
    },
    async firstWrites(quoteId, principals) {
      const { rows } = await pool.query<{ principal: string; written_at: string }>(
        "SELECT principal, written_at FROM live_first_writes WHERE quote_id = $1 AND principal = ANY($2::text[])",
        [quoteId, principals],
      );
      return new Map(rows.map((row) => [row.principal, Number(row.written_at)]));
    },
    async recordFirstWrites(quoteId, principals, at) {
      await pool.query(
        `INSERT INTO live_first_writes (quote_id, principal, written_at)
         SELECT $1, principal, $3 FROM unnest($2::text[]) AS p(principal)
         WHERE EXISTS (SELECT 1 FROM quotes WHERE id = $1)
         ON CONFLICT (quote_id, principal) DO NOTHING`,
        [quoteId, principals, at],
      );
    },
    append,
    async recentPaymentRequests(quoteId, requester, windowMs) {
      const { rows } = await pool.query<{ of_quote: boolean; of_requester: boolean; age: string }>(
        `WITH now AS (SELECT (extract(epoch from clock_timestamp()) * 1000)::bigint AS at)
         SELECT quote_id = $1 AS of_quote, requester = $2 AS of_requester, now.at - r.at AS age
           FROM payment_requests r, now
          WHERE (r.quote_id = $1 OR r.requester = $2) AND r.at > now.at - $3`,
        [quoteId, requester, windowMs],
      );
      const ages = (of: (row: (typeof rows)[number]) => boolean) =>
        rows.filter(of).map((row) => Number(row.age));
      return { quote: ages((row) => row.of_quote), requester: ages((row) => row.of_requester) };
    },
    async setListingFigures(quoteId, f) {
      await pool.query(
        "UPDATE quotes SET out_the_door_cents = $1, stock_number = $2, selected_structure = $3, monthly_cents = $4 WHERE id = $5",
        [f.outTheDoorCents, f.stockNumber, f.selectedStructure, f.monthlyCents, quoteId],
      );
    },
    async setListingGross(quoteId, grossCents) {
      await pool.query("UPDATE quotes SET gross_cents = $1 WHERE id = $2", [grossCents, quoteId]);
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
