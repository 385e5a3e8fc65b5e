import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { expect, it, vi } from "vitest";
import { IMPORT_MAX_ROWS, ImportFileError, readCsvRecords } from "./read-csv";

// Issue #47: the reader stops at the first limit a file crosses, and names it.

const refusal = async (file: string) => {
  const error = await readCsvRecords(file).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ImportFileError);
  return (error as ImportFileError).message;
};

it("gives each record the line it starts on, quoted line breaks and blank lines included", async () => {
  expect(await readCsvRecords('\uFEFFStock,Notes\r\nA1,"yard\r\nrow 2"\r\n\r\nB2,x\r\n')).toEqual([
    { line: 1, cells: ["Stock", "Notes"] },
    { line: 2, cells: ["A1", "yard\r\nrow 2"] },
    { line: 4, cells: [""] },
    { line: 5, cells: ["B2", "x"] },
  ]);
});

it("counts blank lines against the row cap and refuses the first line past it", async () => {
  const atCap = `Stock\r\n${"\r\n".repeat(IMPORT_MAX_ROWS)}`;
  expect(await readCsvRecords(atCap)).toHaveLength(IMPORT_MAX_ROWS + 1);
  expect(await refusal(`${atCap}\r\n`)).toBe(INVENTORY_MSG.importTooManyRows);
  expect(await refusal(`Stock\r\n${"\r\n".repeat(1_000_000)}`)).toBe(INVENTORY_MSG.importTooManyRows);
  expect(INVENTORY_MSG.importTooManyRows).toBe(
    "The file has more than 5,000 lines after the header (blank lines count); split it into smaller files",
  );
});

it("refuses a line that never ends: a file of commas, one endless quoted field", async () => {
  expect(await refusal(`Stock\r\n${",".repeat(5 * 1024 * 1024)}`)).toBe(
    "Line 2 is longer than 64 KiB; check that the file is your DMS's inventory export",
  );
  expect(await refusal(`Stock\r\nA1\r\n"${"x".repeat(5 * 1024 * 1024)}`)).toBe(
    INVENTORY_MSG.importLineTooLong(3),
  );
});

it("stops reading a stream past the cap and leaves the rest unread", async () => {
  let pulled = 0;
  const blankLines = new TextEncoder().encode("\r\n".repeat(32 * 1024));
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1;
      controller.enqueue(pulled === 1 ? new TextEncoder().encode("Stock\r\n") : blankLines);
    },
  });
  const error = await readCsvRecords(endless).catch((e: unknown) => e);
  expect(error).toMatchObject({ message: INVENTORY_MSG.importTooManyRows, stoppedReading: true });
  expect(pulled).toBeLessThan(5);
});

it("builds no parse error for lines of another length than the header's (each cost 20-400 µs)", async () => {
  // csv-parse builds, and with relax_column_count drops, a CsvError (stack trace, JSON copies) for
  // every such record unless each record is its first (read-csv.ts): a 4 KiB slice of blank lines
  // held the event loop 100-900 ms.
  const traces = vi.spyOn(Error, "captureStackTrace");
  try {
    const records = await readCsvRecords(`Stock,Year,Make\r\n${"\r\nA1\r\nB2,2020\r\n".repeat(1000)}`);
    expect(records).toHaveLength(3001);
    expect(records[3]).toEqual({ line: 4, cells: ["B2", "2020"] });
    const parseErrors = traces.mock.calls.filter(([, made]) => made?.name === "CsvError");
    expect(parseErrors).toHaveLength(0);
  } finally {
    traces.mockRestore();
  }
});
