// The live guard, randomized (issue #10): a seeded run of 1,000+ steps against the real server,
// mixing honest dealer and shopper edits with hostile updates (prototype keys, parent and unknown
// keys, empty segments, dealer-only keys, rewrites and deletions of the dealer's pairs, someone
// else's Yjs client id, wrong values, oversize). Invariants, checked as it goes:
// - every hostile update is refused (its socket closed with a 44xx code) and nothing it carried is stored;
// - no dealer-only value changes because of a shopper;
// - Object.prototype stays clean in the server (it runs in this process);
// - every stored pair is a known leaf key with a value the schema accepts;
// - the dealer's and the shopper's replicas converge on the stored document.
// GUARD_TEST_SEED replays a run; a failure prints the seed and the shrunk steps (fast-check).
import { CREDIT_TIER_IDS } from "@shared/constants";
import { DEAL_KEYS, isLeafKey, mayWriteKey } from "@shared/permissions";
import { dealArray, dealDocName, type KvPair, readDoc, readEntries, writeField } from "@shared/quote-doc";
import { quoteDataSchema } from "@shared/quote-schema";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type * as Y from "yjs";
import {
  type Client,
  connectClient,
  craftUpdate,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
  storedDoc,
  synced,
} from "./live-test-kit";

const SEED = Number(process.env.GUARD_TEST_SEED ?? 20261124);
const STEPS = 1_000;

const DEALER_ONLY_KEYS = DEAL_KEYS.filter((key) => !mayWriteKey("SHOPPER", "deal", key));
const HOSTILE_KEYS = [
  "__proto__",
  "__proto__.polluted",
  "tradeIn.__proto__.polluted",
  "constructor.prototype.polluted",
  "tradeIn.constructor.prototype.polluted",
  "prototype",
  "tradeIn.prototype",
  "tradeIn",
  "tradeIn.vehicle",
  "pricing",
  "vehicle",
  "tradeIn..vin",
  ".downPayment",
  "downPayment.",
  "",
  "tradeIn.junk",
  "pricing.discount.cents",
  "customerInfo.name",
  "interestRates.excellent.__proto__",
];

type Step =
  | {
      kind: "dealer";
      key: "pricing.discount" | "vehicle.color" | "downPayment" | "selectedCreditTier";
      n: number;
    }
  | { kind: "shopper"; key: "downPayment" | "selectedCreditTier" | "amountOwedOnTradeIn"; n: number }
  | { kind: "hostile-key"; key: string; val: unknown }
  | { kind: "dealer-only"; key: string; how: "new-value" | "same-value" | "delete" }
  | { kind: "squat"; victim: "dealer" | "shopper"; n: number }
  | { kind: "bad-value"; key: string; val: unknown }
  | { kind: "oversize" };

/** Values each shopper-writable key refuses (the form's rules). */
const BAD_VALUES: Record<string, unknown[]> = {
  downPayment: ["abc", 1, -0.001, { nested: 1 }, -1e12],
  amountOwedOnTradeIn: [-5, "abc", 0.001, 1e12],
  selectedCreditTier: ["platinum", 3, null],
  "tradeIn.hasTradeIn": ["yes", 1],
  "tradeIn.vehicle.mileage": [-1, 1.5, "abc"],
  "tradeIn.vehicle.description": [42, { nested: 1 }, "x".repeat(5_000)],
  "tradeIn.vehicle.vin": [42, { nested: 1 }],
  "tradeIn.vehicle.condition": [42, { nested: 1 }],
};

const junkValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.constant(null),
  fc.constant({ polluted: "yes" }),
  fc.constant({ value: 99_999 }),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("dealer" as const),
      key: fc.constantFrom("pricing.discount", "vehicle.color", "downPayment", "selectedCreditTier" as const),
      n: fc.nat(2_000_000),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("shopper" as const),
      key: fc.constantFrom("downPayment", "selectedCreditTier", "amountOwedOnTradeIn" as const),
      n: fc.nat(2_000_000),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("hostile-key" as const),
      key: fc.constantFrom(...HOSTILE_KEYS),
      val: junkValue,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("dealer-only" as const),
      key: fc.constantFrom(...DEALER_ONLY_KEYS),
      how: fc.constantFrom("new-value", "same-value", "delete" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("squat" as const),
      victim: fc.constantFrom("dealer", "shopper" as const),
      n: fc.nat(100_000),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...Object.entries(BAD_VALUES)).chain(([key, values]) =>
      fc.record({
        kind: fc.constant("bad-value" as const),
        key: fc.constant(key),
        val: fc.constantFrom(...values),
      }),
    ),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "oversize" as const }) },
);

let h: LiveHarness;
beforeAll(async () => {
  // The bounds are tested on their own (identity-bounds.test.ts): here they must not get in the way.
  h = await startLiveHarness({
    env: {
      LIVE_UPDATES_PER_SECOND: "100000",
      LIVE_UPDATE_BURST: "100000",
      LIVE_HISTORY_EVENTS_PER_MINUTE: "1000000",
    },
  });
});
afterAll(async () => {
  await h.stop();
});

const money = (n: number) => Math.round(n) / 100;

function dealerValue(key: string, n: number): unknown {
  if (key === "pricing.discount") return money(n % 2_500_000); // up to $25,000: within the price
  if (key === "vehicle.color") return `Color ${n}`;
  if (key === "downPayment") return -money(n);
  return CREDIT_TIER_IDS[n % CREDIT_TIER_IDS.length];
}

function setPair(array: Y.Array<KvPair>, key: string, val: unknown) {
  const [field = key, ...rest] = key.split(".");
  if (rest.length === 0) {
    writeField(array, key, val);
    return;
  }
  // Nested leaf: write the whole field with this leaf changed (as the page's field adapter does).
  const current = Object.fromEntries(
    [...readEntries(array)]
      .filter(([k]) => k.startsWith(`${field}.`))
      .map(([k, v]) => [k.slice(field.length + 1), v]),
  );
  const value: Record<string, unknown> = {};
  for (const [leaf, v] of Object.entries({ ...current, [rest.join(".")]: val })) {
    const parts = leaf.split(".");
    let at = value;
    for (const part of parts.slice(0, -1)) {
      at[part] ??= {};
      at = at[part] as Record<string, unknown>;
    }
    at[parts[parts.length - 1] as string] = v;
  }
  writeField(array, field as string, value);
}

function storedEntries(id: string) {
  return readEntries(dealArray(storedDoc(h, dealDocName(id))));
}

it(`keeps every invariant over ${STEPS.toLocaleString("en-US")} random steps (seed ${SEED})`, async () => {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const dealer: Client = connectClient(h, id, { token });
  const shopper: Client = connectClient(h, id, { device: "guard-test-shopper-device" });
  await Promise.all([synced(dealer), synced(shopper)]);
  let dealerOnly = new Map(DEALER_ONLY_KEYS.map((key) => [key, storedEntries(id).get(key)]));

  const expectConverged = async () => {
    await eventually(() => {
      const stored = storedEntries(id);
      expect(Object.fromEntries(readEntries(dealer.deal))).toEqual(Object.fromEntries(stored));
      expect(Object.fromEntries(readEntries(shopper.deal))).toEqual(Object.fromEntries(stored));
    });
  };

  const checkStored = () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const stored = storedEntries(id);
    for (const key of stored.keys()) expect(isLeafKey(key, "deal"), `stored key ${key}`).toBe(true);
    const parsed = quoteDataSchema.safeParse(readDoc(dealArray(storedDoc(h, dealDocName(id)))));
    expect(parsed.success, JSON.stringify(parsed.error?.issues[0])).toBe(true);
    for (const key of DEALER_ONLY_KEYS) expect([key, stored.get(key)]).toEqual([key, dealerOnly.get(key)]);
  };

  const hostile = async (what: Step, change: (copy: Y.Doc) => void, clientId?: number) => {
    const raw = await rawSocket(h, dealDocName(id), { device: "guard-test-attacker-device" });
    raw.ws.send(craftUpdate(raw.doc, change, 2, clientId));
    const closed = await Promise.race([
      raw.closed,
      new Promise<{ code: number }>((resolve) => setTimeout(() => resolve({ code: 0 }), 3_000)),
    ]);
    if (closed.code === 0) raw.ws.terminate();
    expect([JSON.stringify(what).slice(0, 200), closed.code]).toEqual([
      JSON.stringify(what).slice(0, 200),
      expect.toBeOneOf([4400, 4403, 4413]),
    ]);
  };

  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
      for (const [index, s] of steps.entries()) {
        switch (s.kind) {
          case "dealer":
            setPair(dealer.deal, s.key, dealerValue(s.key, s.n));
            break;
          case "shopper":
            setPair(
              shopper.deal,
              s.key,
              s.key === "downPayment"
                ? -money(s.n)
                : s.key === "amountOwedOnTradeIn"
                  ? money(s.n)
                  : CREDIT_TIER_IDS[s.n % CREDIT_TIER_IDS.length],
            );
            break;
          case "hostile-key":
            await hostile(s, (copy) => dealArray(copy).push([{ key: s.key, val: s.val }]));
            break;
          case "dealer-only":
            await hostile(s, (copy) => {
              const array = dealArray(copy);
              const index = array.toArray().findIndex((pair) => pair.key === s.key);
              if (s.how === "delete" && index >= 0) array.delete(index, 1);
              else if (s.how === "same-value")
                array.push([{ key: s.key, val: readEntries(array).get(s.key) ?? null }]);
              else array.push([{ key: s.key, val: 12_345 }]);
              // Deleting a pair that is not there changes nothing: make it a write instead.
              if (s.how === "delete" && index < 0) array.push([{ key: s.key, val: 1 }]);
            });
            break;
          case "squat":
            await hostile(
              s,
              (copy) => dealArray(copy).push([{ key: "downPayment", val: -money(s.n) }]),
              (s.victim === "dealer" ? dealer : shopper).doc.clientID,
            );
            break;
          case "bad-value":
            await hostile(s, (copy) => dealArray(copy).push([{ key: s.key, val: s.val }]));
            break;
          case "oversize":
            await hostile(s, (copy) =>
              dealArray(copy).push([{ key: "tradeIn.vehicle.description", val: "x".repeat(200_000) }]),
            );
            break;
        }
        if (s.kind === "dealer") {
          // What the dealer wrote is the only way a dealer-only value may change.
          await expectConverged();
          dealerOnly = new Map(DEALER_ONLY_KEYS.map((key) => [key, storedEntries(id).get(key)]));
        }
        if (index % 50 === 49) {
          await expectConverged();
          checkStored();
        }
      }
      await expectConverged();
      checkStored();
    }),
    { seed: SEED, numRuns: 1, endOnFailure: true },
  );
  destroyClient(dealer);
  destroyClient(shopper);
}, 120_000);
