import { sql } from "drizzle-orm";
import type { Stores } from "../stores";
import { createAnalyticsStore } from "./analytics";
import { createAttemptStore } from "./attempts";
import type { PgDb } from "./connection";
import { createDealershipStore } from "./dealerships";
import { createDefaultLists, createDefaultsStore } from "./defaults";
import { createHandoffStore } from "./handoff";
import { createPaymentRequestLeads } from "./payment-requests";
import { createDocumentStore, createQuoteStore } from "./quotes";
import { createResetTokenStore, createUserStore } from "./users";
import { createVehicleStore } from "./vehicles";
import { createHistoryStore, createVersionStore } from "./versions";

// The storage seam (stores.ts) on PostgreSQL: every store over one pool. The live documents'
// append, catch-up and compaction are document-log.ts; the load the routes need is here too.

export function createPostgresStores(db: PgDb): Stores {
  return {
    kind: "postgres",
    async writable() {
      // A round trip through the pool: it fails while PostgreSQL is down or unreachable.
      try {
        await db.execute(sql`SELECT 1`);
        return true;
      } catch {
        return false;
      }
    },
    users: createUserStore(db),
    dealerships: createDealershipStore(db),
    resetTokens: createResetTokenStore(db),
    quotes: createQuoteStore(db),
    versions: createVersionStore(db),
    history: createHistoryStore(db),
    analytics: createAnalyticsStore(db),
    documents: createDocumentStore(db),
    defaults: createDefaultsStore(db),
    lists: createDefaultLists(db),
    attempts: createAttemptStore(db),
    handoff: { ...createHandoffStore(db), ...createPaymentRequestLeads(db) },
    vehicles: createVehicleStore(db),
  };
}
