import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "../core/zod";
import { makeQuote } from "../testing/quote-fixtures";
import {
  isQuoteField,
  QUOTE_FIELD_SCHEMAS,
  QUOTE_FIELDS,
  quoteFieldSchema,
  quoteSchemas,
} from "./quote-fields";
import { customerInfoSchema, quoteDataSchema, structuresEntrySchema, taxRulesSchema } from "./quote-schema";

describe("quote fields built on first use", () => {
  it("checks one field with the very schema the whole quote holds for it", () => {
    expect(Object.keys(quoteDataSchema.shape)).toEqual(QUOTE_FIELDS);
    for (const field of QUOTE_FIELDS) {
      const member: z.ZodType = quoteDataSchema.shape[field];
      expect(QUOTE_FIELD_SCHEMAS[field]()).toBe(member);
      expect(quoteFieldSchema(field)).toBe(member instanceof z.ZodDefault ? member.unwrap() : member);
    }
    expect(quoteSchemas.customerInfo()).toBe(customerInfoSchema);
    expect(quoteSchemas.taxRules()).toBe(taxRulesSchema);
    expect(quoteSchemas.structuresEntry()).toBe(structuresEntrySchema);
  });

  it("drops the default of a field checked on its own: a field set to nothing is refused", () => {
    expect(quoteFieldSchema("addOns").safeParse(undefined).success).toBe(false);
    expect(quoteFieldSchema("downPayment").safeParse(undefined).success).toBe(false);
    expect(quoteDataSchema.parse(makeQuote()).addOns).toEqual(makeQuote().addOns ?? []);
  });

  it("answers each field of a stored quote as the whole quote does, whichever field is asked first", () => {
    const quote = quoteDataSchema.parse(makeQuote());
    fc.assert(
      fc.property(fc.shuffledSubarray([...QUOTE_FIELDS], { minLength: 1 }), (fields) => {
        for (const field of fields) {
          const value = quote[field];
          if (value === undefined) continue;
          expect(quoteFieldSchema(field).parse(value)).toEqual(value);
        }
      }),
      { numRuns: 20 },
    );
  });

  it("knows the deal's fields and nothing else, inherited keys included", () => {
    expect(isQuoteField("selectedCreditTier")).toBe(true);
    for (const key of ["__proto__", "constructor", "toString", "customerInfo", "", 1, null]) {
      expect(isQuoteField(key)).toBe(false);
    }
  });
});
