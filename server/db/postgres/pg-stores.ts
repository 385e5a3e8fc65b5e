import { sql } from "drizzle-orm";
import type { Stores } from "../stores";
import type { PgDb } from "./connection";
import { createAnalyticsStore } from "./pg-analytics";
import { createAttemptStore } from "./pg-attempts";
import { createDealershipStore } from "./pg-dealerships";
import { createDefaultLists, createDefaultsStore } from "./pg-defaults";
import { createHandoffStore } from "./pg-handoff";
import { pgPaymentRequestLeads } from "./pg-payment-requests";
import { createDocumentStore, createQuoteStore } from "./pg-quotes";
import { createResetTokenStore, createUserStore } from "./pg-users";
import { createVehicleStore } from "./pg-vehicles";
import { createHistoryStore, createVersionStore } from "./pg-versions";

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
    handoff: { ...createHandoffStore(db), ...pgPaymentRequestLeads(db) },
    vehicles: createVehicleStore(db),
  };
}
