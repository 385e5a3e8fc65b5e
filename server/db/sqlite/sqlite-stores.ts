import { type Db, isStorageWritable } from "../connection";
import { createMemoryAttempts } from "../memory-attempts";
import type { Stores } from "../stores";
import { sqliteAnalyticsStore } from "./sqlite-analytics";
import { sqliteDefaultsStore, sqliteLists } from "./sqlite-defaults";
import { sqliteHandoffStore } from "./sqlite-handoff";
import { sqlitePaymentRequestLeads } from "./sqlite-payment-requests";
import {
  sqliteDocumentStore,
  sqliteHistoryStore,
  sqliteQuoteStore,
  sqliteVersionStore,
} from "./sqlite-quotes";
import { sqliteDealershipStore, sqliteResetTokenStore, sqliteUserStore } from "./sqlite-users";
import { sqliteVehicleStore } from "./sqlite-vehicles";

/** Every store on the embedded SQLite file (the zero-config default). */
export function createSqliteStores(db: Db): Stores {
  return {
    kind: "sqlite",
    writable: () => isStorageWritable(db),
    users: sqliteUserStore(db),
    dealerships: sqliteDealershipStore(db),
    resetTokens: sqliteResetTokenStore(db),
    quotes: sqliteQuoteStore(db),
    versions: sqliteVersionStore(db),
    history: sqliteHistoryStore(db),
    analytics: sqliteAnalyticsStore(db),
    documents: sqliteDocumentStore(db),
    defaults: sqliteDefaultsStore(db),
    lists: sqliteLists(db),
    // One process: failed logins and reset mails are counted in memory.
    attempts: createMemoryAttempts(),
    handoff: { ...sqliteHandoffStore(db), ...sqlitePaymentRequestLeads(db) },
    vehicles: sqliteVehicleStore(db),
  };
}
