import { type Db, isStorageWritable } from "../connection";
import type { Stores } from "../stores";
import { createAnalyticsStore } from "./analytics";
import { createAttemptStore } from "./attempts";
import { createDealershipStore } from "./dealerships";
import { createDefaultLists, createDefaultsStore } from "./defaults";
import { createHandoffStore } from "./handoff";
import { createPaymentRequestLeads } from "./payment-requests";
import { createDocumentStore, createQuoteStore } from "./quotes";
import { createResetTokenStore, createUserStore } from "./users";
import { createVehicleStore } from "./vehicles";
import { createHistoryStore, createVersionStore } from "./versions";

/** Every store on the embedded SQLite file (the zero-config default). */
export function createSqliteStores(db: Db): Stores {
  return {
    kind: "sqlite",
    writable: () => isStorageWritable(db),
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
    // One process: failed logins and reset mails are counted in memory.
    attempts: createAttemptStore(),
    handoff: { ...createHandoffStore(db), ...createPaymentRequestLeads(db) },
    vehicles: createVehicleStore(db),
  };
}
