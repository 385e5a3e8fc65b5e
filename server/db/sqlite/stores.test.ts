import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { storeContract } from "../../test-support/store-contract";
import { closeDatabase, openDatabase } from "../connection";
import { createSqliteStores } from "./stores";

// The storage contract on the embedded SQLite file (a fresh file in a temp dir per case), the
// same cases PostgreSQL passes (server/db/postgres/pg-stores.test.ts).

storeContract("SQLite", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-stores-"));
  const db = openDatabase(dir);
  return {
    stores: createSqliteStores(db),
    async close() {
      closeDatabase(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
