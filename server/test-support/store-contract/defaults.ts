import type { DefaultAddOn, DefaultFee, DefaultTax } from "@shared/core/api-types";
import { CREDIT_TIER_IDS, DEFAULT_INTEREST_RATES, LOAN_TERMS } from "@shared/core/constants";
import type { QuoteTaxRules, Structures } from "@shared/schemas/quote-schema";
import type { AddonBody } from "@shared/validation/default-add-ons";
import type { FeeBody } from "@shared/validation/default-fees";
import type { TaxBody } from "@shared/validation/default-taxes";
import { describe, expect, it } from "vitest";
import type { ListStore } from "../../db/repositories/defaults";
import type { Stores } from "../../db/stores";
import { type CurrentStores, createQuote, registerOwner } from "./fixtures";

// The storage contract for a dealer's defaults: the rate sheet, payment options, tax rules and
// the four soft-deletable lists (in dollars, as the API speaks).

const structures: Structures = {
  downs: [0, 1500, 3000],
  financeTerms: [36, 60, 72],
  leaseTerms: [24, 36, 48],
  hidden: ["lease"],
};

const taxRules: QuoteTaxRules = {
  profileLabel: "Texas",
  state: "TX",
  tradeIn: { rule: "capped", cap: 10000 },
  rebates: "deducted",
  fees: { doc: true, dealer: true, addOn: false, gov: false },
  lease: { method: "monthly", capReductionTaxable: true, tradeCredit: false },
};

/** The default sheet with string term keys, as InterestRates has it. */
function defaultSheet(): Record<string, Record<string, number>> {
  const sheet: Record<string, Record<string, number>> = {};
  for (const tier of CREDIT_TIER_IDS) {
    sheet[tier] = {};
    for (const term of LOAN_TERMS) sheet[tier][String(term)] = DEFAULT_INTEREST_RATES[tier][term];
  }
  return sheet;
}

/** One list's case: two bodies, a change, and the items they must read back as. */
type ListCase<Body, Item> = {
  name: string;
  store: (stores: Stores) => ListStore<Body, Item>;
  first: Body;
  second: Body;
  changed: Body;
  item: (body: Body) => Omit<Item, "id">;
};

function listContract<Body, Item extends { id: string }>(current: CurrentStores, list: ListCase<Body, Item>) {
  it(`${list.name}: creates, lists oldest first, finds and updates only the dealer's own active items`, async () => {
    const stores = current();
    const ann = await registerOwner(stores, "ann@example.com");
    const bob = await registerOwner(stores, "bob@example.com");
    const store = list.store(stores);
    expect(await store.active(ann.dealershipId)).toEqual([]);
    // Created within the same millisecond or not, they list in creation order.
    const first = await store.create(ann.dealershipId, list.first);
    const second = await store.create(ann.dealershipId, list.second);
    const third = await store.create(ann.dealershipId, list.first);
    expect(first).toEqual({ ...list.item(list.first), id: first.id });
    expect(second).toEqual({ ...list.item(list.second), id: second.id });
    expect(new Set([first.id, second.id, third.id]).size).toBe(3);
    expect(await store.active(ann.dealershipId)).toEqual([first, second, third]);
    expect(await store.active(bob.dealershipId)).toEqual([]);
    expect(await store.find(ann.dealershipId, second.id)).toEqual(second);
    expect(await store.find(bob.dealershipId, second.id)).toBeUndefined();
    expect(await store.update(bob.dealershipId, first.id, list.changed)).toBeUndefined();
    expect(await store.find(ann.dealershipId, first.id)).toEqual(first);
    const changed = await store.update(ann.dealershipId, first.id, list.changed);
    expect(changed).toEqual({ ...list.item(list.changed), id: first.id });
    expect(await store.active(ann.dealershipId)).toEqual([changed, second, third]);
  });

  it(`${list.name}: a soft-deleted item is hidden and cannot be changed or deleted again`, async () => {
    const stores = current();
    const ann = await registerOwner(stores, "ann@example.com");
    const bob = await registerOwner(stores, "bob@example.com");
    const store = list.store(stores);
    const first = await store.create(ann.dealershipId, list.first);
    const second = await store.create(ann.dealershipId, list.second);
    expect(await store.softDelete(bob.dealershipId, first.id)).toBe(false);
    expect(await store.softDelete(ann.dealershipId, first.id)).toBe(true);
    expect(await store.active(ann.dealershipId)).toEqual([second]);
    expect(await store.find(ann.dealershipId, first.id)).toBeUndefined();
    expect(await store.update(ann.dealershipId, first.id, list.changed)).toBeUndefined();
    expect(await store.softDelete(ann.dealershipId, first.id)).toBe(false);
    expect(await store.softDelete(ann.dealershipId, "no-such-item")).toBe(false);
  });
}

export function defaultsContract(current: CurrentStores): void {
  describe("defaults", () => {
    it("answers the default rate sheet, then stored rates over it, per dealer and tier", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      expect(await stores.defaults.interestRates(ann.dealershipId)).toEqual(defaultSheet());
      await stores.defaults.saveTierRates(ann.dealershipId, "good", [
        { term_months: 60, interest_rate: 4.25 },
      ]);
      await stores.defaults.saveTierRates(ann.dealershipId, "good", [
        { term_months: 60, interest_rate: 3.5 },
        { term_months: 72, interest_rate: 4 },
      ]);
      await stores.defaults.saveTierRates(ann.dealershipId, "poor", [{ term_months: 24, interest_rate: 0 }]);
      await stores.defaults.saveTierRates(ann.dealershipId, "fair", []);
      const expected = defaultSheet();
      expected.good = { ...expected.good, "60": 3.5, "72": 4 };
      expected.poor = { ...expected.poor, "24": 0 };
      expect(await stores.defaults.interestRates(ann.dealershipId)).toEqual(expected);
      expect(await stores.defaults.interestRates(bob.dealershipId)).toEqual(defaultSheet());
    });

    it("stores payment options and tax rules per dealer, replacing the previous ones", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      expect(await stores.defaults.paymentOptions(ann.dealershipId)).toBeUndefined();
      expect(await stores.defaults.taxRules(ann.dealershipId)).toBeUndefined();
      const leaseProgram = {
        residuals: { "36": 58 },
        moneyFactors: { excellent: 0.00125, "very-good": 0.0015, good: 0.0018, fair: 0.0021, poor: 0.0025 },
        acquisitionFee: 695,
        dispositionFee: 395,
        securityDeposit: 0,
      };
      await stores.defaults.savePaymentOptions(ann.dealershipId, { structures, leaseProgram });
      expect(await stores.defaults.paymentOptions(ann.dealershipId)).toEqual({ structures, leaseProgram });
      const plain = { ...structures, hidden: [] };
      await stores.defaults.savePaymentOptions(ann.dealershipId, { structures: plain, leaseProgram: null });
      expect(await stores.defaults.paymentOptions(ann.dealershipId)).toEqual({
        structures: plain,
        leaseProgram: null,
      });
      await stores.defaults.saveTaxRules(ann.dealershipId, taxRules);
      expect(await stores.defaults.taxRules(ann.dealershipId)).toEqual(taxRules);
      const noTradeCredit = { ...taxRules, tradeIn: { rule: "none" as const } };
      await stores.defaults.saveTaxRules(ann.dealershipId, noTradeCredit);
      expect(await stores.defaults.taxRules(ann.dealershipId)).toEqual(noTradeCredit);
      expect(await stores.defaults.paymentOptions(bob.dealershipId)).toBeUndefined();
      expect(await stores.defaults.taxRules(bob.dealershipId)).toBeUndefined();
    });

    it("stores the deal economics defaults per dealer (issue #38), replacing the previous ones", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      expect(await stores.defaults.economics(ann.dealershipId)).toBeUndefined();
      const settings = {
        pack: 500,
        participation: 75,
        buyRates: { excellent: { "60": 4.9, "72": 5.4 } },
        buyMoneyFactors: { excellent: 0.001 },
        salespeopleSeeGross: false,
      };
      await stores.defaults.saveEconomics(ann.dealershipId, settings);
      expect(await stores.defaults.economics(ann.dealershipId)).toEqual(settings);
      const shown = { ...settings, pack: 650.5, salespeopleSeeGross: true };
      await stores.defaults.saveEconomics(ann.dealershipId, shown);
      expect(await stores.defaults.economics(ann.dealershipId)).toEqual(shown);
      expect(await stores.defaults.economics(bob.dealershipId)).toBeUndefined();
    });

    it("gives the dealership's quotes a new state seq when 'Salespeople see gross' changes, with the save (issue #38)", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      await createQuote(stores, ann, "ann-1");
      await createQuote(stores, ann, "ann-2");
      await createQuote(stores, bob, "bob-1");
      const seqs = async () => Object.fromEntries(await stores.quotes.stateSeqs(["ann-1", "ann-2", "bob-1"]));
      const settings = { pack: 0, participation: 0, buyRates: {}, buyMoneyFactors: {} };
      // The first save with the setting off: it was off (absent) already.
      await stores.defaults.saveEconomics(ann.dealershipId, { ...settings, salespeopleSeeGross: false });
      expect(await seqs()).toEqual({ "ann-1": 0, "ann-2": 0, "bob-1": 0 });
      await stores.defaults.saveEconomics(ann.dealershipId, { ...settings, salespeopleSeeGross: true });
      expect(await seqs()).toEqual({ "ann-1": 1, "ann-2": 1, "bob-1": 0 });
      // Another value changed, the setting not: no new seq.
      await stores.defaults.saveEconomics(ann.dealershipId, {
        ...settings,
        pack: 500,
        salespeopleSeeGross: true,
      });
      expect(await seqs()).toEqual({ "ann-1": 1, "ann-2": 1, "bob-1": 0 });
      await stores.defaults.saveEconomics(ann.dealershipId, { ...settings, salespeopleSeeGross: false });
      expect(await seqs()).toEqual({ "ann-1": 2, "ann-2": 2, "bob-1": 0 });
    });
  });

  describe("default lists", () => {
    listContract<AddonBody, DefaultAddOn>(current, {
      name: "add-ons",
      store: (s) => s.lists.addOns,
      first: { name: "Tint", description: "All windows", price: 199.99 },
      second: { name: "Mats", description: "", price: 80 },
      // Issue #38: the add-on's cost, dealer-private; null or absent: not entered (no cost in the item).
      changed: { name: "Tint (ceramic)", description: "All windows", price: 249.5, cost: 62.25 },
      item: ({ cost, ...rest }) => (cost === null || cost === undefined ? rest : { ...rest, cost }),
    });
    listContract<TaxBody, DefaultTax>(current, {
      name: "taxes",
      store: (s) => s.lists.taxes,
      first: { description: "State", rate: 6.25, baseCap: null },
      second: { description: "Local", rate: 2, baseCap: 5000.5 },
      changed: { description: "State sales tax", rate: 6.5, baseCap: 12000 },
      // No cap: the item has no baseCap at all.
      item: ({ baseCap, ...rest }) =>
        baseCap === null || baseCap === undefined ? rest : { ...rest, baseCap },
    });
    for (const [name, store] of [
      ["dealer fees", (s: Stores) => s.lists.dealerFees],
      ["government fees", (s: Stores) => s.lists.governmentFees],
    ] as const)
      listContract<FeeBody, DefaultFee>(current, {
        name,
        store,
        first: { name: "Doc fee", description: "Paperwork", amount: 150 },
        second: { name: "Title", description: "", amount: 0 },
        changed: { name: "Doc fee", description: "Documentation", amount: 175.25 },
        item: (body) => body,
      });
  });
}
