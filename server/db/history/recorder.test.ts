import { HISTORY_LIMIT, type HistoryPush } from "@shared/history/history-push";
import type { FlatEntries } from "@shared/live/quote-doc";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDealer } from "../../test-support/fixtures";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { createHistoryRecorder, HISTORY_MERGE_MS, type HistoryTail, type RecordedChange } from "./recorder";

// The grouping rule on a real SQLite file, with the clock in the test's hands.

let t: TestApp;
let quoteId: string;
let token: string;
const newQuote = async (): Promise<string> => {
  const res = await t.call(
    "POST",
    "/api/quotes",
    {
      vehicle: { description: "2020 Kia Soul", color: "", mileage: 1, stockNumber: "", advertisedUrl: "" },
      pricing: { advertisedPrice: 20000, discount: 0 },
    },
    token,
  );
  return ((await res.json()) as { id: string }).id;
};
beforeEach(async () => {
  t = createTestApp();
  token = (await createDealer(t)).token;
  quoteId = await newQuote();
});
afterEach(async () => {
  await t.cleanup();
});

const T0 = 1_700_000_000_000;
const change = (
  role: RecordedChange["role"],
  key: string,
  from: unknown,
  to: unknown,
  at: number,
): RecordedChange => ({
  quoteId,
  role,
  before: new Map([[key, from]]) as FlatEntries,
  after: new Map([[key, to]]) as FlatEntries,
  keys: [key],
  at,
});
/** The recorder as a deal's room runs it: one tail for every change of the quote. */
const roomRecorder = () => {
  const record = createHistoryRecorder(t.db);
  const tail: HistoryTail = new Map();
  return (recorded: RecordedChange) => record(recorded, tail);
};
const rows = async (of = quoteId) =>
  (await t.stores.history.read(of, HISTORY_LIMIT)).map(({ role, field, oldValue, newValue, at }) => ({
    role,
    field,
    oldValue,
    newValue,
    at,
  }));

describe("history grouping", () => {
  it("merges the same role's writes of one key within the window and starts anew after it", async () => {
    const record = roomRecorder();
    record(change("SHOPPER", "downPayment", -2000, -2100, T0));
    record(change("SHOPPER", "downPayment", -2100, -2500, T0 + HISTORY_MERGE_MS));
    expect(await rows()).toEqual([
      {
        role: "SHOPPER",
        field: "downPayment",
        oldValue: "$2,000.00",
        newValue: "$2,500.00",
        at: T0 + HISTORY_MERGE_MS,
      },
    ]);
    // The window runs from the event's last write: one more 10 s later still extends it.
    record(change("SHOPPER", "downPayment", -2500, -3000, T0 + 2 * HISTORY_MERGE_MS));
    expect(await rows()).toHaveLength(1);
    record(change("SHOPPER", "downPayment", -3000, -3100, T0 + 3 * HISTORY_MERGE_MS + 1));
    expect((await rows()).map((r) => [r.oldValue, r.newValue])).toEqual([
      ["$3,000.00", "$3,100.00"],
      ["$2,000.00", "$3,000.00"],
    ]);
  });

  it("never merges another role's write or another key", async () => {
    const record = roomRecorder();
    record(change("SHOPPER", "downPayment", -2000, -2100, T0));
    record(change("DEALER", "downPayment", -2100, -2200, T0 + 1));
    record(change("DEALER", "pricing.discount", 0, 300, T0 + 2));
    record(change("DEALER", "downPayment", -2200, -2300, T0 + 3));
    expect((await rows()).map((r) => `${r.role} ${r.field} ${r.oldValue} -> ${r.newValue}`)).toEqual([
      "DEALER downPayment $2,100.00 -> $2,300.00",
      "DEALER pricing.discount null -> -$300.00",
      "SHOPPER downPayment $2,000.00 -> $2,100.00",
    ]);
  });

  it("records nothing when the display does not change, and drops a burst that ends where it began", async () => {
    const record = roomRecorder();
    record(change("DEALER", "vehicle.color", "", "  ", T0));
    expect(await rows()).toEqual([]);
    record(change("DEALER", "vehicle.color", "", "Re", T0));
    record(change("DEALER", "vehicle.color", "Re", "", T0 + 500));
    expect(await rows()).toEqual([]);
  });
});

describe("a room's tail of the history (issue #52)", () => {
  // One step of a random burst: who, which key, the new value (few values, so bursts land back
  // where they began and remove their event), and how long after the previous step.
  const step = fc.record({
    role: fc.constantFrom<RecordedChange["role"]>("DEALER", "SHOPPER"),
    actor: fc.constantFrom("Dana (owner)", "Dana (owner)", "Mia (manager)"),
    key: fc.constantFrom("downPayment", "vehicle.color"),
    value: fc.constantFrom(0, 100, 250),
    // Two 6 s steps are within the window of each other, not of the burst's first change.
    after: fc.constantFrom(0, 1, 6_000, HISTORY_MERGE_MS, HISTORY_MERGE_MS + 1),
  });

  it("records exactly what reading the table for every change records, over random bursts", async () => {
    const record = createHistoryRecorder(t.db);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const [read, kept] = [await newQuote(), await newQuote()];
        const tail: HistoryTail = new Map();
        const values = new Map<string, unknown>();
        let at = T0;
        const pushes: [unknown, unknown][] = [];
        for (const { role, actor, key, value, after } of steps) {
          at += after;
          const before = new Map(values.has(key) ? [[key, values.get(key)]] : []) as FlatEntries;
          values.set(key, key === "vehicle.color" ? `Colour ${value}` : value);
          const base = { role, actor, before, after: new Map([[key, values.get(key)]]), keys: [key], at };
          // A new tail for every change: each reads its field's newest event from the table.
          const withoutTail = record({ ...base, quoteId: read }, new Map());
          const withTail = record({ ...base, quoteId: kept }, tail);
          pushes.push([withoutTail, withTail]);
        }
        // The same rows, and the same pushes to the dealer's page (ids aside: the rows differ in quote).
        expect(await rows(kept)).toEqual(await rows(read));
        const shape = (push: HistoryPush) => ({
          events: push.events.map(({ id: _id, ...event }) => event),
          removed: push.removed.length,
        });
        for (const [withoutTail, withTail] of pushes)
          expect(shape(withTail as HistoryPush)).toEqual(shape(withoutTail as HistoryPush));
      }),
      { numRuns: 80 },
    );
  });
});
