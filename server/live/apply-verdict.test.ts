import { dealArray, type FlatEntries, readEntries, writeField } from "@shared/live/quote-doc";
import { expect, it } from "vitest";
import * as Y from "yjs";
import { sampleQuoteDoc } from "../test-support/quote-doc";
import { applyVerdict, judgeUpdate } from "./stages/update-guard";

// The rooms keep each document's entries as a Map and bring it up to date in place from the
// guard's verdict (its changed keys only), instead of a copy of every entry per update. Whatever
// the updates do (set, re-type the same value, clear a nested field, two writers racing on one
// key so that the rightmost pair wins), the entries must stay what reading the document gives.

/** A seeded generator, so a failure replays. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

it("keeps the room's entries equal to the document's after every accepted update, updated in place", () => {
  const server = sampleQuoteDoc();
  const entries: FlatEntries = readEntries(dealArray(server));
  const writers = [new Y.Doc(), new Y.Doc()];
  for (const writer of writers) Y.applyUpdate(writer, Y.encodeStateAsUpdate(server));
  const next = random(17);
  const pending: Uint8Array[][] = [[], []];
  writers.forEach((writer, i) => {
    writer.on("update", (update: Uint8Array, origin: unknown) => {
      if (origin !== "server") pending[i]?.push(update);
    });
  });
  const edits: ((array: Y.Array<{ key: string; val: unknown }>, n: number) => void)[] = [
    (array, n) => writeField(array, "pricing", { advertisedPrice: 25_000, discount: n % 7 === 0 ? 500 : n }),
    (array, n) => writeField(array, "downPayment", -(n % 5) * 1000),
    (array, n) =>
      writeField(array, "vehicle", {
        description: `Car ${n % 3}`,
        color: "Red",
        mileage: n,
        stockNumber: "A1",
        advertisedUrl: "",
      }),
    (array, n) => writeField(array, "customInterestRates", n % 2 === 0 ? {} : { good: { 60: 4.9 } }),
  ];
  let accepted = 0;
  let keysChanged = 0;
  for (let n = 1; n <= 400; n++) {
    // Both writers edit before either hears of the other's edit, now and then: two pairs of one key.
    const racing = next() < 0.3;
    const who = next() < 0.5 ? 0 : 1;
    const edit = edits[Math.floor(next() * edits.length)] as (typeof edits)[number];
    edit(dealArray(writers[who] as Y.Doc), n);
    if (racing) edit(dealArray(writers[1 - who] as Y.Doc), n + 1000);
    for (const i of [who, 1 - who]) {
      for (const update of pending[i]?.splice(0) ?? []) {
        const verdict = judgeUpdate(server, update, {
          kind: "deal",
          role: "DEALER",
          expired: false,
          before: entries,
        });
        if (!verdict.ok) throw new Error(`refused: ${verdict.reason}`);
        applyVerdict(entries, verdict);
        accepted += 1;
        keysChanged += verdict.keys.length;
        expect(entries).toEqual(readEntries(dealArray(server)));
        // Every writer hears of every accepted update, as the room would send it.
        for (const writer of writers) Y.applyUpdate(writer, update, "server");
      }
    }
  }
  expect(accepted).toBeGreaterThan(400);
  expect(keysChanged).toBeGreaterThan(300);
});
