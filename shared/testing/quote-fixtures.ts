// Test helpers: a valid quote from a few fields, parsed by the real schema so
// that fixtures can never drift from what the app accepts.

import { type QuoteData, type QuoteDataInput, quoteDataSchema } from "../schemas/quote-schema";

type QuoteOverrides = Partial<Omit<QuoteDataInput, "pricing">> & {
  pricing?: Partial<QuoteDataInput["pricing"]>;
};

export function makeQuote(overrides: QuoteOverrides = {}): QuoteData {
  const { pricing, ...rest } = overrides;
  return quoteDataSchema.parse({
    vehicle: { description: "2022 Honda Civic EX", mileage: 12_000 },
    ...rest,
    pricing: { advertisedPrice: 25_000, discount: 0, ...pricing },
  });
}

let nextId = 0;
const id = (prefix: string): string => `${prefix}-${++nextId}`;

export const fee = (name: string, amount: number) => ({ id: id("fee"), name, description: "", amount });
export const tax = (name: string, rate: number) => ({ id: id("tax"), name, description: "", rate });
export const addOn = (name: string, price: number, isSelected: boolean, sellingPrice?: number) => ({
  id: id("addon"),
  name,
  description: "",
  price,
  isSelected,
  ...(sellingPrice === undefined ? {} : { sellingPrice }),
});
export const tradeIn = (value: number | undefined, hasTradeIn = true) => ({
  hasTradeIn,
  vehicle: {
    description: "2015 Toyota Camry",
    vin: "",
    mileage: 98_000,
    condition: "Good",
    ...(value === undefined ? {} : { value }),
  },
});
