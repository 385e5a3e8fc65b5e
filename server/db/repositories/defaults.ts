import type { DefaultAddOn, DefaultFee, DefaultTax } from "@shared/core/api-types";
import type { CreditTier } from "@shared/core/constants";
import type { EconomicsSettings } from "@shared/deal/economics";
import type { InterestRates, LeaseProgram, QuoteTaxRules, Structures } from "@shared/schemas/quote-schema";
import type { AddonBody } from "@shared/validation/default-add-ons";
import type { FeeBody } from "@shared/validation/default-fees";
import type { TaxBody } from "@shared/validation/default-taxes";
import type { InterestRateEntry } from "@shared/validation/interest-rates";

// The dealership's defaults: fees, taxes, add-ons, rates, payment options, settings. One repository of the storage seam (server/db/stores.ts).

/** One dealer's items of one soft-deletable list; every call is scoped to that dealer. */
export interface ListStore<Body, Item> {
  /** Active items, oldest first. */
  active(dealerId: string): Promise<Item[]>;
  /** The dealer's own active item, or undefined (another dealer's or a deleted id). */
  find(dealerId: string, id: string): Promise<Item | undefined>;
  create(dealerId: string, body: Body): Promise<Item>;
  /** Undefined when the id is not the dealer's own active item; nothing is written then. */
  update(dealerId: string, id: string, body: Body): Promise<Item | undefined>;
  /** Sets deleted_at; existing quotes keep their own copies. False when not found. */
  softDelete(dealerId: string, id: string): Promise<boolean>;
}

export type PaymentOptions = { structures: Structures; leaseProgram: LeaseProgram | null };

export interface DefaultsStore {
  /** Stored rates over the spec's default table (spec §9). */
  interestRates(dealerId: string): Promise<InterestRates>;
  /** Upserts only the given terms of one tier, all or nothing. */
  saveTierRates(dealerId: string, tier: CreditTier, rates: InterestRateEntry[]): Promise<void>;
  /** The saved payment options as stored (unparsed JSON), or undefined. */
  paymentOptions(dealerId: string): Promise<{ structures: unknown; leaseProgram: unknown } | undefined>;
  savePaymentOptions(dealerId: string, options: PaymentOptions): Promise<void>;
  /** The saved tax rules as stored (unparsed JSON), or undefined. */
  taxRules(dealerId: string): Promise<unknown>;
  saveTaxRules(dealerId: string, rules: QuoteTaxRules): Promise<void>;
  /** Issue #38: the saved deal economics defaults as stored (unparsed JSON), or undefined. */
  economics(dealerId: string): Promise<unknown>;
  /**
   * Saves them; when "Salespeople see gross" changes, every quote of the dealership gets a new
   * state seq in the same transaction (issue #38: each live process judges its economics sockets
   * again, as after a role change).
   */
  saveEconomics(dealerId: string, settings: EconomicsSettings): Promise<void>;
}

/** Issue #38: "Salespeople see gross" of stored (unparsed) economics settings; absent or malformed: off. */
export const seesGrossSetting = (stored: unknown): boolean =>
  typeof stored === "object" &&
  stored !== null &&
  (stored as { salespeopleSeeGross?: unknown }).salespeopleSeeGross === true;

/** The four soft-deletable lists of /api/dealer-defaults, in dollars. */
export type DefaultLists = {
  addOns: ListStore<AddonBody, DefaultAddOn>;
  taxes: ListStore<TaxBody, DefaultTax>;
  dealerFees: ListStore<FeeBody, DefaultFee>;
  governmentFees: ListStore<FeeBody, DefaultFee>;
};
