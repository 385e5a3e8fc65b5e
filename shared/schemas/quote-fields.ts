// The quote data of spec §3 as zod schemas, each built on first use. Amounts are dollar numbers
// with at most two decimals, as the JSON API carries them; pricing converts to cents. Signs follow
// docs/decisions/009-product-rulings.md: discount, trade-in value and amount owed >= 0,
// downPayment <= 0.
//
// Why built on first use: the shopper's page loads this module (through the live check of an
// update, src/features/quote/live/validate-update.ts) while it is idle after opening, and building
// every schema of the quote is most of what zod costs a phone there. A page checks one field per
// change, so it builds that field's schema when it first checks it, and no other.
// quote-schema.ts composes the whole quote from these same instances (the server, the forms, the
// OpenAPI document): one schema per rule, whoever asks first builds it.

import {
  CREDIT_TIER_IDS,
  DEFAULT_CREDIT_TIER,
  DEFAULT_RATE_MAX,
  DEFAULT_TRADE_IN_CONDITION,
  LEASE_TERM_KEYS,
  LEASE_TERMS,
  LOAN_TERM_KEYS,
  LOAN_TERMS,
  MAX_AMOUNT,
  MAX_MONEY_FACTOR,
  QUOTE_RATE_MAX,
  STRUCTURE_KINDS,
} from "../core/constants";
import { toCents } from "../core/money";
import { z } from "../core/zod";
import { MSG } from "../text/messages";
import { CORE_MSG } from "../text/page-text";
import { isValidEmail } from "./field-rules";
import {
  defaultInterestRateTable,
  defaultStructures,
  emptyTradeIn,
  LEASE_TAX_METHODS,
  REBATE_TAX_RULES,
  TRADE_IN_TAX_RULES,
} from "./quote-template";
import {
  boolean,
  dollarAmount,
  hasAtMostTwoDecimals,
  isPlainText,
  itemId,
  mileage,
  number,
  optionalText,
  optionalUrl,
  requiredText,
  strictObject,
  taxRate,
  vinField,
} from "./schema-fields";

/** `build`'s schema, built on the first call; the same instance on every call after it. */
function once<T>(build: () => T): () => T {
  let built: { schema: T } | undefined;
  return () => {
    built ??= { schema: build() };
    return built.schema;
  };
}

const creditTier = once(() => z.enum(CREDIT_TIER_IDS, { error: MSG.creditTierInvalid }));
const loanTermKey = once(() => z.enum(LOAN_TERM_KEYS, { error: MSG.loanTermInvalid }));

const vehicle = once(() =>
  strictObject({
    description: requiredText(MSG.descriptionRequired),
    color: optionalText(),
    mileage: mileage(),
    stockNumber: optionalText(),
    /** Issue #19: on the deal sheet. 17 letters and digits (never I, O or Q), stored upper-case; may be blank. */
    vin: vinField(),
    advertisedUrl: optionalUrl(),
    /**
     * New or used (issue #34): the sheet prints it and the "newOnly" trade-in rule reads it. Absent
     * (a quote from before the forms asked) reads as the form's default: used above 1,000 miles.
     */
    isNew: boolean().optional(),
    /** The manufacturer's suggested retail price in dollars (issue #34): lease residuals are a percent of it. */
    msrp: dollarAmount().optional(),
  }),
);

/** The price fields each on their own rules, without the rule between them (see `pricing`). */
const pricingFields = once(() =>
  strictObject({
    advertisedPrice: dollarAmount(MSG.advertisedPriceRequired),
    discount: dollarAmount().default(0),
  }),
);

const pricing = once(() =>
  pricingFields().refine(
    // docs/decisions/009-product-rulings.md: a discount above the price is refused, never capped (form and API; the
    // live channel's dealer writes: docs/decisions/014-discount-on-the-live-channel.md).
    (value) => toCents(value.discount) <= toCents(value.advertisedPrice),
    { message: CORE_MSG.discountAboveAdvertised, path: ["discount"] },
  ),
);

const addOn = once(() =>
  strictObject({
    id: itemId(),
    name: requiredText(MSG.nameRequired),
    description: optionalText(),
    price: dollarAmount(MSG.priceRequired),
    isSelected: boolean().default(false),
    // Tolerated on an unselected add-on (pricing ignores it there) so that a
    // deselect does not have to race a second write removing the price.
    sellingPrice: dollarAmount().optional(),
  }).refine((value) => value.sellingPrice === undefined || value.sellingPrice <= value.price, {
    message: CORE_MSG.exceedsRetailPrice,
    path: ["sellingPrice"],
  }),
);

const feeItem = once(() =>
  strictObject({
    id: itemId(),
    name: requiredText(MSG.nameRequired),
    description: optionalText(),
    amount: dollarAmount(),
  }),
);

const taxItem = once(() =>
  strictObject({
    id: itemId(),
    // Dealer taxes have only a description; the quote line shows it as the name.
    name: requiredText(MSG.descriptionRequired),
    description: optionalText(),
    rate: taxRate(),
    /** Only the first this many dollars of the taxable amount are taxed at this rate (Florida's county surtax). */
    baseCap: dollarAmount().optional(),
  }),
);

/** A manufacturer rebate on the quote (dealer-only); the tax rules decide whether it lowers the tax. */
const rebate = once(() =>
  strictObject({
    id: itemId(),
    name: requiredText(MSG.nameRequired),
    amount: dollarAmount({ required: MSG.amountPositive, negative: MSG.amountPositive }),
  }),
);

/**
 * The tax rules the quote was priced with (DESKING.md §1.5, amounts in dollars), snapshotted
 * from the dealer's tax profile; the rate lines are the quote's taxItems. A quote from before
 * tax profiles has none and is priced by the standard rules, exactly as it always was.
 */
const taxRules = once(() =>
  strictObject({
    profileLabel: optionalText(),
    state: optionalText(),
    tradeIn: strictObject({
      rule: z.enum(TRADE_IN_TAX_RULES, { error: MSG.optionInvalid }),
      cap: dollarAmount().optional(),
    }),
    rebates: z.enum(REBATE_TAX_RULES, { error: MSG.optionInvalid }),
    fees: strictObject({ doc: boolean(), dealer: boolean(), addOn: boolean(), gov: boolean() }),
    minTax: dollarAmount().optional(),
    lease: strictObject({
      method: z.enum(LEASE_TAX_METHODS, { error: MSG.optionInvalid }),
      capReductionTaxable: boolean(),
      tradeCredit: boolean(),
    }),
  }),
);

const tradeInVehicle = once(() =>
  strictObject({
    description: optionalText(),
    vin: optionalText(),
    mileage: mileage().default(0),
    condition: optionalText().default(DEFAULT_TRADE_IN_CONDITION),
    // Set by the dealer only (the shopper "requests" a value); >= 0, subtracted in pricing.
    value: dollarAmount().optional(),
  }),
);

// Whether a declared trade-in has its description and mileage is the trade-in
// dialog's rule (validation/trade-in.ts), not a structural one: a live document
// may hold a half-filled trade-in while the dialog is open elsewhere.
const tradeIn = once(() =>
  strictObject({
    hasTradeIn: boolean(),
    vehicle: tradeInVehicle().default(() => emptyTradeIn().vehicle),
  }),
);

const downPayment = once(() =>
  number()
    .max(0, MSG.downPaymentPositive)
    .min(-MAX_AMOUNT, MSG.amountTooLarge)
    .refine(hasAtMostTwoDecimals, MSG.amountDecimals),
);

const rate = (max: number, message: string) => number(message).min(0, message).max(max, message);

/** The rate table snapshotted per quote: every tier, every term, 0..100. */
const interestRates = once(() =>
  z.record(creditTier(), z.record(loanTermKey(), rate(DEFAULT_RATE_MAX, MSG.interestRatesInvalid)), {
    error: MSG.creditTierInvalid,
  }),
);

/** The dealer's overrides on one quote: any tier and term, 0..99.99. */
const customInterestRates = once(() =>
  z.partialRecord(
    creditTier(),
    z.partialRecord(loanTermKey(), rate(QUOTE_RATE_MAX, MSG.quoteRateInvalid), {
      error: MSG.loanTermInvalid,
    }),
    { error: MSG.creditTierInvalid },
  ),
);

/** Issue #18: three cash-down rows and three terms per structure, and the structures kept from the shopper. */
const downAmount = once(() => dollarAmount());
const financeTerm = once(() =>
  z.union(
    LOAN_TERMS.map((term) => z.literal(term)),
    { error: MSG.loanTermInvalid },
  ),
);
const leaseTerm = once(() =>
  z.union(
    LEASE_TERMS.map((term) => z.literal(term)),
    { error: MSG.leaseTermInvalid },
  ),
);
const threeDistinct = <T>(values: readonly T[]) => new Set(values).size === values.length;
const structures = once(() =>
  strictObject({
    downs: z.tuple([downAmount(), downAmount(), downAmount()], { error: MSG.threeValues }),
    financeTerms: z
      .tuple([financeTerm(), financeTerm(), financeTerm()], { error: MSG.threeValues })
      .refine(threeDistinct, MSG.termsDistinct),
    leaseTerms: z
      .tuple([leaseTerm(), leaseTerm(), leaseTerm()], { error: MSG.threeValues })
      .refine(threeDistinct, MSG.termsDistinct),
    hidden: z
      .array(z.enum(STRUCTURE_KINDS, { error: MSG.optionInvalid }), { error: MSG.expectedList })
      .max(STRUCTURE_KINDS.length)
      .refine(threeDistinct, MSG.optionInvalid)
      // At least one structure stays in front of the shopper.
      .refine((hidden) => hidden.length < STRUCTURE_KINDS.length, MSG.oneStructureShown),
  }),
);

/**
 * Issue #51: the payment options as a dealer enters them (settings and the quote's dialog): the
 * three cash downs differ too, so the grid never shows one row three times. Stored quotes keep the
 * plain schema, so one saved before this rule still opens.
 */
const structuresEntry = once(() =>
  structures().refine((value) => threeDistinct(value.downs), {
    message: MSG.downsDistinct,
    path: ["downs"],
  }),
);

const percent = (message: string) => number(message).min(0, message).max(100, message);

/**
 * The lessor's programme on this quote (DESKING.md §3): residual % of MSRP by term, a money
 * factor by credit tier, fees and deposit. Absent: the quote shows no lease.
 */
const leaseProgram = once(() =>
  strictObject({
    residuals: z.partialRecord(
      z.enum(LEASE_TERM_KEYS, { error: MSG.leaseTermInvalid }),
      percent(MSG.residualPercentInvalid),
      { error: (issue) => (issue.code === "invalid_type" ? MSG.expectedObject : MSG.leaseTermInvalid) },
    ),
    moneyFactors: z.record(
      creditTier(),
      number(MSG.moneyFactorInvalid)
        .min(0, MSG.moneyFactorInvalid)
        .max(MAX_MONEY_FACTOR, MSG.moneyFactorInvalid),
      { error: MSG.creditTierInvalid },
    ),
    acquisitionFee: dollarAmount().default(0),
    dispositionFee: dollarAmount().default(0),
    securityDeposit: dollarAmount().default(0),
  }),
);

/** The shopper's pick: a structure and, for finance and lease, a cell of its grid. */
const shopperChoice = once(() =>
  z.union(
    [
      strictObject({ structure: z.literal("cash") }),
      // Issue #46: a structure and a term; `down` is accepted from older pages and stored choices and
      // never read (the deal's one down payment is `downPayment`).
      strictObject({ structure: z.literal("finance"), months: financeTerm(), down: downAmount().optional() }),
      strictObject({ structure: z.literal("lease"), months: leaseTerm(), down: downAmount().optional() }),
    ],
    { error: MSG.optionInvalid },
  ),
);

/** Issue #38: the note of a payment request, at most this many characters of plain text. */
const PAYMENT_NOTE_MAX = 280;

/**
 * Issue #38: "Ask for a different payment", the shopper's (exact keys: permissions.ts
 * PAYMENT_REQUEST_KEYS). Its time is the server's: the history row that records it.
 */
const paymentRequest = once(() =>
  strictObject({
    amount: dollarAmount({
      required: MSG.monthlyPaymentRequired,
      negative: MSG.monthlyPaymentRequired,
    }).refine((amount) => amount > 0, MSG.monthlyPaymentRequired),
    structure: z.enum(["finance", "lease"], { error: MSG.optionInvalid }),
    note: z
      .string({ error: MSG.expectedText })
      .refine(isPlainText, MSG.plainTextOnly)
      .refine((note) => note.length <= PAYMENT_NOTE_MAX, MSG.noteTooLong),
    // Issue #46: the terms and the payment the shopper was shown when asking, kept with the request
    // (the dealer's notice, the lead, the webhook and the history read these, never today's deal).
    // Absent in requests from before it.
    asked: strictObject({
      months: z.union(
        [...LOAN_TERMS, ...LEASE_TERMS].map((term) => z.literal(term)),
        { error: MSG.optionInvalid },
      ),
      down: dollarAmount(),
      payment: dollarAmount(),
    }).optional(),
  }),
);

/**
 * The dealer's answer to a request: the counter-offer version saved for it, and the request it
 * answers (the shopper's page shows the answer while that request stands).
 */
const paymentAnswer = once(() =>
  strictObject({
    version: number(MSG.optionInvalid).int(MSG.optionInvalid).min(1, MSG.optionInvalid),
    request: paymentRequest(),
  }),
);

const customerInfo = once(() =>
  strictObject({
    name: requiredText(MSG.customerNameRequired),
    email: z
      .string({ error: MSG.emailInvalidAddress })
      .trim()
      .refine((value) => value === "" || isValidEmail(value), MSG.emailInvalidAddress)
      .optional(),
    phone: z
      .string({ error: MSG.phoneIncomplete })
      .refine((value) => value === "" || /^1\d{10}$/.test(value), MSG.phoneIncomplete)
      .optional(),
  }),
);

/** The named schemas of the quote, each built on its first call (quote-schema.ts builds them all). */
export const quoteSchemas = {
  vehicle,
  pricingFields,
  pricing,
  addOn,
  feeItem,
  taxItem,
  rebate,
  taxRules,
  tradeInVehicle,
  tradeIn,
  interestRates,
  customInterestRates,
  structures,
  structuresEntry,
  leaseProgram,
  shopperChoice,
  paymentRequest,
  paymentAnswer,
  customerInfo,
};

/**
 * The deal shared with the shopper, field by field in the spec's order, each with the default a
 * stored quote without it reads as. Customer info lives apart, dealer-only (DESIGN.md).
 */
export const QUOTE_FIELD_SCHEMAS = {
  vehicle,
  pricing,
  addOns: once(() => z.array(addOn(), { error: MSG.expectedList }).default(() => [])),
  dealerFeeItems: once(() => z.array(feeItem(), { error: MSG.expectedList }).default(() => [])),
  taxItems: once(() => z.array(taxItem(), { error: MSG.expectedList }).default(() => [])),
  governmentFeeItems: once(() => z.array(feeItem(), { error: MSG.expectedList }).default(() => [])),
  tradeIn: once(() => tradeIn().default(emptyTradeIn)),
  amountOwedOnTradeIn: once(() => dollarAmount().default(0)),
  downPayment: once(() => downPayment().default(0)),
  selectedCreditTier: once(() => creditTier().default(DEFAULT_CREDIT_TIER)),
  customInterestRates: once(() => customInterestRates().default(() => ({}))),
  interestRates: once(() => interestRates().default(defaultInterestRateTable)),
  // Absent in quotes from before rebates; read as none.
  rebates: once(() => z.array(rebate(), { error: MSG.expectedList }).default(() => [])),
  taxRules: once(() => taxRules().optional()),
  // Issue #18; absent in quotes from before structures (defaults; no lease; no choice yet).
  structures: once(() => structures().default(defaultStructures)),
  leaseProgram: once(() => leaseProgram().optional()),
  shopperChoice: once(() => shopperChoice().optional()),
  paymentRequest: once(() => paymentRequest().optional()),
  paymentAnswer: once(() => paymentAnswer().optional()),
};

export type QuoteField = keyof typeof QUOTE_FIELD_SCHEMAS;
/** The top-level keys of the deal document, in the spec's order. */
export const QUOTE_FIELDS = Object.keys(QUOTE_FIELD_SCHEMAS) as readonly QuoteField[];

export const isQuoteField = (value: unknown): value is QuoteField =>
  typeof value === "string" && (QUOTE_FIELDS as readonly string[]).includes(value);

/**
 * The schema of one top-level field for checking a single live update. The
 * parse-time default is dropped: an update that sets a field to undefined is
 * invalid, not "reset to default".
 */
export function quoteFieldSchema(field: QuoteField): z.ZodType {
  const schema: z.ZodType = QUOTE_FIELD_SCHEMAS[field]();
  return schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema;
}
