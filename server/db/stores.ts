import type { AnalyticsStore } from "./repositories/analytics";
import type { AttemptStore } from "./repositories/attempts";
import type { DealershipStore } from "./repositories/dealerships";
import type { DefaultLists, DefaultsStore } from "./repositories/defaults";
import type { DocumentStore } from "./repositories/documents";
import type { HandoffStore } from "./repositories/handoff";
import type { HistoryStore } from "./repositories/history";
import type { QuoteStore } from "./repositories/quotes";
import type { ResetTokenStore, UserStore } from "./repositories/users";
import type { VehicleStore } from "./repositories/vehicles";
import type { VersionStore } from "./repositories/versions";

// The storage seam (../shared/design/SCALE.md §4): everything the routes and services read or
// write, as asynchronous repositories. `server/db/sqlite/` implements them on the embedded SQLite
// file (the zero-config default), `server/db/postgres/` on PostgreSQL (DATABASE_URL). Nothing
// outside those two folders writes SQL. Each method that changes several rows does it in one
// transaction; the interface names what belongs together, so callers never hold a transaction.
// Both implementations pass one contract suite (server/test-support/store-contract.ts).
//
// One interface file per repository in server/db/repositories/; the same file names and factory
// names in sqlite/ and postgres/ (users.ts: createUserStore, ...).

/** Everything the app stores, on one backend. */
export type Stores = {
  kind: "sqlite" | "postgres";
  /** Whether storage takes writes right now (GET /api/health). */
  writable(): Promise<boolean>;
  users: UserStore;
  dealerships: DealershipStore;
  resetTokens: ResetTokenStore;
  quotes: QuoteStore;
  versions: VersionStore;
  history: HistoryStore;
  analytics: AnalyticsStore;
  documents: DocumentStore;
  defaults: DefaultsStore;
  lists: DefaultLists;
  attempts: AttemptStore;
  handoff: HandoffStore;
  vehicles: VehicleStore;
};
