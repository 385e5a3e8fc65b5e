import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../connection";
import { interestRatesOver } from "../interest-rate-table";
import { addOnMapping, feeMapping, type ListMapping, taxMapping } from "../list-mappings";
import * as d from "../queries/defaults";
import { nextState } from "../queries/quotes";
import {
  type DefaultLists,
  type DefaultsStore,
  type ListStore,
  seesGrossSetting,
} from "../repositories/defaults";
import {
  dealerEconomics,
  dealerPaymentOptions,
  dealerTaxProfiles,
  defaultAddons,
  defaultDealerFees,
  defaultGovernmentFees,
  defaultTaxes,
  interestRateDefaults,
  quotes,
} from "../schema";

// The dealer's defaults on SQLite: the four soft-deletable lists, the rate sheet, payment options
// and tax rules (see users.ts on the synchronous driver behind the promises); the drizzle text is
// queries/defaults.ts, shared with PostgreSQL.

type ListTable =
  | typeof defaultAddons
  | typeof defaultTaxes
  | typeof defaultDealerFees
  | typeof defaultGovernmentFees;

function listStore<Body, Item, Own>(
  db: Db,
  table: ListTable,
  mapping: ListMapping<Body, Item, Own>,
): ListStore<Body, Item> {
  // Drizzle's column types do not survive a union of tables, so the shared columns are read
  // through one member's type, and the list's own columns (typed by the mapping) pass as `never`.
  const cols = table as unknown as typeof defaultTaxes;
  const own = (dealerId: string, id: string) => d.own(cols, dealerId, id);
  const select = (where: ReturnType<typeof own>) =>
    (
      db
        .select()
        .from(cols)
        .where(where)
        // rowid breaks ties between items created within the same millisecond.
        .orderBy(asc(cols.createdAt), sql`rowid`)
        .all() as unknown as Parameters<typeof mapping.toItem>[0][]
    ).map(mapping.toItem);
  const find = (dealerId: string, id: string): Item | undefined => select(own(dealerId, id))[0];

  return {
    active: async (dealerId) => select(d.active(cols, dealerId)),
    find: async (dealerId, id) => find(dealerId, id),
    async create(dealerId, body) {
      const now = Date.now();
      const id = randomUUID();
      db.insert(cols)
        .values({ ...mapping.toColumns(body), id, dealerId, createdAt: now, updatedAt: now } as never)
        .run();
      // Read back, so the answer is exactly what was stored (cents rounded, defaults applied).
      return find(dealerId, id) as Item;
    },
    async update(dealerId, id, body) {
      const result = db
        .update(cols)
        .set({ ...mapping.toColumns(body), updatedAt: Date.now() } as never)
        .where(own(dealerId, id))
        .run();
      return result.changes === 0 ? undefined : find(dealerId, id);
    },
    async softDelete(dealerId, id) {
      return db.update(cols).set({ deletedAt: Date.now() }).where(own(dealerId, id)).run().changes > 0;
    },
  };
}

export function createDefaultLists(db: Db): DefaultLists {
  return {
    addOns: listStore(db, defaultAddons, addOnMapping),
    taxes: listStore(db, defaultTaxes, taxMapping),
    dealerFees: listStore(db, defaultDealerFees, feeMapping),
    governmentFees: listStore(db, defaultGovernmentFees, feeMapping),
  };
}

export function createDefaultsStore(db: Db): DefaultsStore {
  return {
    async interestRates(dealerId) {
      return interestRatesOver(
        db.select().from(interestRateDefaults).where(eq(interestRateDefaults.dealerId, dealerId)).all(),
      );
    },
    async saveTierRates(dealerId, tier, rates) {
      const now = Date.now();
      db.transaction((tx) => {
        for (const entry of rates) {
          tx.insert(interestRateDefaults)
            .values(d.rateValues(dealerId, tier, entry, now))
            .onConflictDoUpdate({
              target: d.rateKey(interestRateDefaults),
              set: { rate: entry.interest_rate, updatedAt: now },
            })
            .run();
        }
      });
    },
    async paymentOptions(dealerId) {
      return db
        .select(d.paymentOptionColumns(dealerPaymentOptions))
        .from(dealerPaymentOptions)
        .where(eq(dealerPaymentOptions.dealerId, dealerId))
        .get();
    },
    async savePaymentOptions(dealerId, options) {
      const updatedAt = Date.now();
      const values = { structures: options.structures, leaseProgram: options.leaseProgram, updatedAt };
      db.insert(dealerPaymentOptions)
        .values({ dealerId, ...values })
        .onConflictDoUpdate({ target: dealerPaymentOptions.dealerId, set: values })
        .run();
    },
    economics: async (dealerId) =>
      db
        .select(d.settingsColumns(dealerEconomics))
        .from(dealerEconomics)
        .where(eq(dealerEconomics.dealerId, dealerId))
        .get()?.settings,
    async saveEconomics(dealerId, settings) {
      const updatedAt = Date.now();
      db.transaction((tx) => {
        const before = tx
          .select(d.settingsColumns(dealerEconomics))
          .from(dealerEconomics)
          .where(eq(dealerEconomics.dealerId, dealerId))
          .get()?.settings;
        tx.insert(dealerEconomics)
          .values({ dealerId, settings, updatedAt })
          .onConflictDoUpdate({ target: dealerEconomics.dealerId, set: { settings, updatedAt } })
          .run();
        if (seesGrossSetting(before) !== settings.salespeopleSeeGross)
          tx.update(quotes).set(nextState(quotes)).where(eq(quotes.dealerId, dealerId)).run();
      });
    },
    taxRules: async (dealerId) =>
      db
        .select(d.rulesColumns(dealerTaxProfiles))
        .from(dealerTaxProfiles)
        .where(eq(dealerTaxProfiles.dealerId, dealerId))
        .get()?.rules,
    async saveTaxRules(dealerId, rules) {
      const updatedAt = Date.now();
      db.insert(dealerTaxProfiles)
        .values({ dealerId, rules, updatedAt })
        .onConflictDoUpdate({ target: dealerTaxProfiles.dealerId, set: { rules, updatedAt } })
        .run();
    },
  };
}
