// fast-check generators of valid quote data, for the pricing property tests.

import fc from "fast-check";
import { CREDIT_TIER_IDS, LOAN_TERM_KEYS, MAX_AMOUNT_CENTS } from "../core/constants";
import { type QuoteData, quoteDataSchema } from "../schemas/quote-schema";

/** Dollars with two decimals, from whole cents (so no float noise is generated). */
export const dollars = (maxCents = MAX_AMOUNT_CENTS) =>
  fc.integer({ min: 0, max: maxCents }).map((cents) => cents / 100);

/** Percent rates with up to three decimals, as dealers type them (8.875). */
export const percent = (max: number) => fc.integer({ min: 0, max: max * 1000 }).map((milli) => milli / 1000);

const item = fc.record({
  id: fc.uuid(),
  name: fc.constantFrom("Doc fee", "Title", "Plate"),
  description: fc.constant(""),
});

const addOnArb = fc
  .record({
    id: fc.uuid(),
    name: fc.constantFrom("Floor mats", "Paint protection", "Tint"),
    description: fc.constant(""),
    price: dollars(500_000),
    isSelected: fc.boolean(),
    discountShare: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  })
  .map(({ discountShare, ...addOn }) =>
    addOn.isSelected && discountShare !== undefined
      ? { ...addOn, sellingPrice: Math.floor(addOn.price * 100 * discountShare) / 100 }
      : addOn,
  );

const customRates = fc.dictionary(
  fc.constantFrom(...CREDIT_TIER_IDS),
  fc.dictionary(
    fc.constantFrom(...LOAN_TERM_KEYS),
    fc.integer({ min: 0, max: 9999 }).map((v) => v / 100),
  ),
);

export const quoteDataArb: fc.Arbitrary<QuoteData> = fc
  .record({
    vehicle: fc.record({ description: fc.constant("2021 Ford F-150"), mileage: fc.nat(300_000) }),
    pricing: fc.record({ advertisedPrice: dollars(), discount: dollars(1_000_000) }),
    addOns: fc.array(addOnArb, { maxLength: 5 }),
    dealerFeeItems: fc.array(fc.record({ base: item, amount: dollars(200_000) }), { maxLength: 4 }),
    taxItems: fc.array(fc.record({ base: item, rate: percent(15) }), { maxLength: 4 }),
    governmentFeeItems: fc.array(fc.record({ base: item, amount: dollars(100_000) }), { maxLength: 4 }),
    hasTradeIn: fc.boolean(),
    tradeInValue: fc.option(dollars(), { nil: undefined }),
    amountOwedOnTradeIn: dollars(),
    downPayment: dollars().map((value) => -value || 0),
    selectedCreditTier: fc.constantFrom(...CREDIT_TIER_IDS),
    customInterestRates: customRates,
  })
  .map((raw) =>
    quoteDataSchema.parse({
      vehicle: raw.vehicle,
      // A discount above the price is refused by the schema (docs/decisions/009-product-rulings.md).
      pricing: { ...raw.pricing, discount: Math.min(raw.pricing.discount, raw.pricing.advertisedPrice) },
      addOns: raw.addOns,
      dealerFeeItems: raw.dealerFeeItems.map(({ base, amount }) => ({ ...base, amount })),
      taxItems: raw.taxItems.map(({ base, rate }) => ({ ...base, rate })),
      governmentFeeItems: raw.governmentFeeItems.map(({ base, amount }) => ({ ...base, amount })),
      tradeIn: {
        hasTradeIn: raw.hasTradeIn,
        vehicle: {
          description: "2012 Civic",
          vin: "",
          mileage: 150_000,
          condition: "Fair",
          value: raw.tradeInValue,
        },
      },
      amountOwedOnTradeIn: raw.amountOwedOnTradeIn,
      downPayment: raw.downPayment,
      selectedCreditTier: raw.selectedCreditTier,
      customInterestRates: raw.customInterestRates,
    }),
  );
