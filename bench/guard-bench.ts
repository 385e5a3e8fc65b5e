// The live guard's cost per update (issue #10: "npm run bench shows the guard's cost per update
// before and after; it must not get slower"). In one process, no sockets: a quote document as the
// server creates it, then 5,000 consecutive edits from a client, each judged in order on the
// server's scratch copy exactly as server/live/rooms/rooms.ts does it (the exact-key guard, plus the
// client-id check since issue #10). Prints microseconds per update, the median of 5 rounds.
//
//   npx tsx bench/guard-bench.ts          (npm run bench runs it first)

import { dealArray, type FlatEntries, readEntries, writeField } from "@shared/live/quote-doc";
import * as Y from "yjs";
import { applyVerdict, judgeUpdate } from "../server/live/stages/update-guard";
import { sampleQuoteDoc } from "../server/test-support/quote-doc";

const EDITS = 5_000;
const ROUNDS = 5;

/** The updates a client sends for `EDITS` edits of one field, in order. */
function edits(
  base: Y.Doc,
  edit: (array: Y.Array<{ key: string; val: unknown }>, i: number) => void,
): Uint8Array[] {
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(base));
  const updates: Uint8Array[] = [];
  client.on("update", (update: Uint8Array) => updates.push(update));
  for (let i = 0; i < EDITS; i++) edit(dealArray(client), i);
  return updates;
}

function judgeAll(base: Y.Doc, updates: Uint8Array[], role: "DEALER" | "SHOPPER"): number {
  const scratch = new Y.Doc();
  Y.applyUpdate(scratch, Y.encodeStateAsUpdate(base));
  const before: FlatEntries = readEntries(dealArray(scratch));
  const started = performance.now();
  for (const update of updates) {
    const verdict = judgeUpdate(scratch, update, { kind: "deal", role, expired: false, before });
    if (!verdict.ok) throw new Error(`refused: ${verdict.reason}`);
    // As the rooms do once an update is accepted: its changed keys into the entries.
    applyVerdict(before, verdict);
  }
  return ((performance.now() - started) * 1000) / updates.length;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const base = sampleQuoteDoc();
const dealerUpdates = edits(base, (array, i) =>
  writeField(array, "pricing", { advertisedPrice: 25_000, discount: (i % 2000) + 1 }),
);
const shopperUpdates = edits(base, (array, i) => writeField(array, "downPayment", -((i % 9000) + 1)));
const dealer: number[] = [];
const shopper: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  dealer.push(judgeAll(base, dealerUpdates, "DEALER"));
  shopper.push(judgeAll(base, shopperUpdates, "SHOPPER"));
}
console.log(`guard cost per update (median of ${ROUNDS} rounds of ${EDITS.toLocaleString("en-US")} edits):`);
console.log(`| update | µs per update |`);
console.log(`| --- | --- |`);
console.log(`| dealer: pricing.discount | ${median(dealer).toFixed(1)} |`);
console.log(`| shopper: downPayment | ${median(shopper).toFixed(1)} |`);
console.log(
  "Before issue #10 (prefix-match guard, no client-id check): see docs/decisions/010-trust-model.md.",
);
