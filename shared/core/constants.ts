// Business constants and limits of spec §9, named once so that the pricing code,
// the validators, the server and the forms all agree on them.

import type { DealerProfile } from "./api-types";

export const LOAN_TERMS = [24, 36, 48, 60, 72, 84] as const;
export type LoanTerm = (typeof LOAN_TERMS)[number];
/** Loan terms as the string keys used in the quote's JSON rate tables. */
export type LoanTermKey = `${LoanTerm}`;
export const LOAN_TERM_KEYS = ["24", "36", "48", "60", "72", "84"] as const satisfies readonly LoanTermKey[];

export const CREDIT_TIER_IDS = ["excellent", "very-good", "good", "fair", "poor"] as const;
export type CreditTier = (typeof CREDIT_TIER_IDS)[number];

interface CreditTierInfo {
  id: CreditTier;
  label: string;
  minScore: number;
  maxScore: number;
}

export const CREDIT_TIERS: readonly CreditTierInfo[] = [
  { id: "excellent", label: "Excellent", minScore: 800, maxScore: 850 },
  { id: "very-good", label: "Very good", minScore: 740, maxScore: 799 },
  { id: "good", label: "Good", minScore: 670, maxScore: 739 },
  { id: "fair", label: "Fair", minScore: 580, maxScore: 669 },
  { id: "poor", label: "Poor", minScore: 300, maxScore: 579 },
];

export const DEFAULT_CREDIT_TIER: CreditTier = "good";

export function isCreditTier(value: unknown): value is CreditTier {
  return typeof value === "string" && (CREDIT_TIER_IDS as readonly string[]).includes(value);
}

export function isLoanTerm(value: unknown): value is LoanTerm {
  return typeof value === "number" && (LOAN_TERMS as readonly number[]).includes(value);
}

export function creditTierLabel(tier: CreditTier): string {
  return CREDIT_TIERS.find((info) => info.id === tier)?.label ?? tier;
}

/** APR in percent, by tier and term (spec §9); every new dealer starts from it. */
export const DEFAULT_INTEREST_RATES: Readonly<Record<CreditTier, Readonly<Record<LoanTerm, number>>>> = {
  excellent: { 24: 5, 36: 5.5, 48: 6, 60: 7.5, 72: 8, 84: 10 },
  "very-good": { 24: 5.5, 36: 6, 48: 6.5, 60: 8, 72: 8.5, 84: 10.5 },
  good: { 24: 6, 36: 6.5, 48: 7, 60: 8.5, 72: 9, 84: 11 },
  fair: { 24: 7, 36: 7.5, 48: 8, 60: 9.5, 72: 10, 84: 12 },
  poor: { 24: 8, 36: 8.5, 48: 9, 60: 10.5, 72: 11, 84: 13 },
};

// Money limits: amounts are 0..999,999.99 dollars everywhere.
export const MAX_AMOUNT = 999_999.99;
export const MAX_AMOUNT_CENTS = 99_999_999;

export const PASSWORD_MIN_LENGTH = 8;
// Bounded so that hashing cost stays predictable; any characters are allowed.
export const PASSWORD_MAX_LENGTH = 128;

export const TAX_RATE_MIN = 0;
export const TAX_RATE_MAX = 100;
/** Upper bound of a custom rate typed on a quote (the inline monthly-rate edit). */
export const QUOTE_RATE_MAX = 99.99;
/** Upper bound of a rate in the dealer's default table. */
export const DEFAULT_RATE_MAX = 100;

export const DEALER_PHONE_DIGITS = 10;
export const CUSTOMER_PHONE_DIGITS = 11;
/** '1 (XXX) XXX-XXXX' is 16 characters; the spec caps the input at 17. */
export const CUSTOMER_PHONE_MAX_LENGTH = 17;
export const STATE_LENGTH = 2;
export const MILEAGE_MIN = 0;
/** Odometers show at most seven digits; anything above is a typo. */
export const MAX_MILEAGE = 9_999_999;

export const TRADE_IN_CONDITIONS = ["Excellent", "Good", "Fair", "Poor"] as const;
export const DEFAULT_TRADE_IN_CONDITION = "Good";

export const NOTICE_HIDE_MS = 4000;
export const CLIPBOARD_TOAST_MS = 3000;
export const RESET_REDIRECT_MS = 3000;

/** Names, descriptions, VINs and similar free text. */
export const MAX_TEXT_LENGTH = 200;
export const MAX_URL_LENGTH = 2048;
export const MAX_EMAIL_LENGTH = 254;

/** Issue #18: the structures a quote compares side by side. */
export const STRUCTURE_KINDS = ["cash", "finance", "lease"] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];
/** Lease terms a programme may carry (months). */
export const LEASE_TERMS = [24, 27, 36, 39, 42, 48] as const;
export type LeaseTerm = (typeof LEASE_TERMS)[number];
export const LEASE_TERM_KEYS = ["24", "27", "36", "39", "42", "48"] as const;
/** DESKING.md §4: 3 × 3, rows of cash down ($0 / $2,000 / $4,000), columns of terms. */
export const DEFAULT_STRUCTURES = {
  downs: [0, 2000, 4000],
  financeTerms: [48, 60, 72],
  leaseTerms: [24, 36, 48],
  hidden: [],
} as const satisfies {
  downs: readonly number[];
  financeTerms: readonly LoanTerm[];
  leaseTerms: readonly LeaseTerm[];
  hidden: readonly StructureKind[];
};
/** The largest money factor accepted (as POST /api/calculate: MSG.moneyFactorInvalid). */
export const MAX_MONEY_FACTOR = 0.1;

/**
 * A dealership whose profile is not filled in yet. Here rather than in api-types.ts, which is
 * otherwise types only: the shopper's page then needs no chunk of its own for it.
 */
export const EMPTY_DEALER_PROFILE: Readonly<DealerProfile> = {
  dealershipName: "",
  streetAddress: "",
  city: "",
  state: "",
  zipCode: "",
  phoneNumber: "",
};

/** Issue #34: the vehicle form's default is used above this many miles, else new. */
const NEW_VEHICLE_MAX_MILES = 1000;

/** New or used as the form defaults it: used above NEW_VEHICLE_MAX_MILES. */
export const defaultIsNew = (mileage: number): boolean => !(mileage > NEW_VEHICLE_MAX_MILES);

/** A vehicle's new/used: the field when set; a quote from before the forms asked reads as the form's default. */
export const vehicleIsNew = (vehicle: { isNew?: boolean; mileage: number }): boolean =>
  vehicle.isNew ?? defaultIsNew(vehicle.mileage);
