import { setImmediate as nextTurn } from "node:timers/promises";
import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { CsvError, Parser } from "csv-parse";

// Issue #47: the bytes of a DMS file to its records, without holding the event loop. The parser
// takes the file in small slices and gives the other requests a turn after each one; every
// record counts against the cap the moment it is read (blank lines included, since they cost
// the same to read), a line may not grow past IMPORT_MAX_LINE_BYTES (a file of commas or one
// endless quoted field never ends a record), and the whole read has a time budget. Past any of
// them, reading stops at once: the rest of the upload is never read.
//
// Guarantees: at most one slice (IMPORT_SLICE_BYTES) is parsed per event-loop turn; at most
// IMPORT_MAX_ROWS records after the header are ever kept.

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
const IMPORT_MAX_LINE_BYTES = 64 * 1024;
const IMPORT_READ_BUDGET_MS = 10_000;
/**
 * A slice of 4 KiB: blank lines are csv-parse's slowest input per byte (about 2,000 records a
 * slice), and 4 KiB of them parse in a few milliseconds on an unloaded core.
 */
const IMPORT_SLICE_BYTES = 4 * 1024;

/** The file as a whole cannot be imported (not CSV, no vehicles, a required column missing, too many rows). */
export class ImportFileError extends Error {
  constructor(
    message: string,
    /** True when reading stopped before the end of the upload (the route closes the connection). */
    readonly stoppedReading = false,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/** A record with the line it starts on (1: the header); quoted newlines span lines. */
type CsvLine = { line: number; cells: string[] };

export type CsvSource = string | ReadableStream<Uint8Array> | null;

type ReadLimits = { maxBytes: number; maxRows: number; maxLineBytes: number; budgetMs: number };
const DEFAULT_LIMITS: ReadLimits = {
  maxBytes: IMPORT_MAX_BYTES,
  maxRows: IMPORT_MAX_ROWS,
  maxLineBytes: IMPORT_MAX_LINE_BYTES,
  budgetMs: IMPORT_READ_BUDGET_MS,
};

const lineBreaks = (text: string) => {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) count += 1;
  return count;
};

/** Stops the parser from inside a record callback; turned into an ImportFileError below. */
class StopReading extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

async function* slices(source: CsvSource): AsyncGenerator<Uint8Array> {
  if (source === null) return;
  if (typeof source === "string") {
    const bytes = Buffer.from(source);
    for (let at = 0; at < bytes.length; at += IMPORT_SLICE_BYTES)
      yield bytes.subarray(at, at + IMPORT_SLICE_BYTES);
    return;
  }
  const reader = source.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      for (let at = 0; at < value.length; at += IMPORT_SLICE_BYTES)
        yield value.subarray(at, at + IMPORT_SLICE_BYTES);
    }
  } finally {
    // Stopped early: the rest of the upload is never read.
    await reader.cancel().catch(() => {});
  }
}

/** The file's records, read a slice per event-loop turn; throws ImportFileError past a limit. */
export async function readCsvRecords(
  source: CsvSource,
  limits: ReadLimits = DEFAULT_LIMITS,
): Promise<CsvLine[]> {
  const records: CsvLine[] = [];
  let nextLine = 1;
  let lastRecordEnd = 0;
  const parser: Parser = new Parser({
    bom: true,
    relax_column_count: true,
    on_record: (cells: string[], info) => {
      // The header plus at most maxRows lines; blank lines count like any other.
      if (records.length > limits.maxRows) throw new StopReading(INVENTORY_MSG.importTooManyRows);
      // csv-parse builds a CsvError (a stack trace and a JSON copy of its options and of the
      // record) for every record whose length differs from the first one's, even with
      // relax_column_count, then drops it: 20-400 µs a blank line, against 2 µs without it, so a
      // 4 KiB slice of blank lines held the event loop 100-900 ms. With `records` back at 0, every
      // record is the first, whose length becomes the expected one (csv-parse reads `records`
      // only for that and for the `from`/`to` options, which are not used here).
      (parser.info as { records: number }).records = 0;
      records.push({ line: nextLine, cells });
      // A line break outside quotes ends the record, so the record's other ones are in its cells.
      nextLine += 1 + cells.reduce((breaks, cell) => breaks + lineBreaks(cell), 0);
      lastRecordEnd = info.bytes;
      return null;
    },
  });
  parser.on("error", () => {}); // reported through write's callback below
  const feed = (chunk: Uint8Array | null) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (chunk === null) parser.end(done);
      else parser.write(chunk, done);
    });

  const started = performance.now();
  let read = 0;
  try {
    for await (const slice of slices(source)) {
      read += slice.length;
      // A chunked upload has no Content-Length for the route to check first.
      if (read > limits.maxBytes) throw new StopReading(INVENTORY_MSG.importTooLarge, 413);
      await feed(slice);
      if (read - lastRecordEnd > limits.maxLineBytes)
        throw new StopReading(INVENTORY_MSG.importLineTooLong(nextLine));
      if (performance.now() - started > limits.budgetMs) throw new StopReading(INVENTORY_MSG.importTooSlow);
      // Let health checks, live edits and other requests run before the next slice.
      await nextTurn();
    }
    await feed(null);
  } catch (error) {
    parser.destroy();
    if (error instanceof StopReading) throw new ImportFileError(error.message, true, error.status);
    if (error instanceof CsvError)
      throw new ImportFileError(INVENTORY_MSG.importUnreadable(error.message), true);
    throw error;
  }
  return records;
}
