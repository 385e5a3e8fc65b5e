import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { standardTaxRules } from "../deal/tax-profiles";
import { quoteDataArb } from "../testing/quote-arbitraries";
import { makeQuote } from "../testing/quote-fixtures";
import { QUOTE_FIELDS, quoteDataSchema, quoteFieldSchema } from "./quote-schema";
import { conform, customerInfoTemplate, leaseProgramTemplate, quoteTemplate } from "./quote-template";

// The browser reads a live deal through the template (issue #14: one reading of the quote). A
// valid quote must read exactly as the shared schema parses it, and a field that cannot be read
// must read as the schema's own default.

const read = (value: unknown) => conform(value, quoteTemplate());

describe("the quote template", () => {
  it("reads every valid quote exactly as the schema parses it", () => {
    fc.assert(
      fc.property(quoteDataArb, (quote) => {
        expect(read(JSON.parse(JSON.stringify(quote)))).toEqual(quote);
      }),
      { numRuns: 300 },
    );
  });

  it("reads the optional parts (tax rules, lease, choice, VIN, new or used) as stored", () => {
    const quote = quoteDataSchema.parse({
      ...makeQuote(),
      vehicle: { ...makeQuote().vehicle, vin: "1HGCM82633A004352", isNew: false },
      taxRules: { ...standardTaxRules(), tradeIn: { rule: "capped", cap: 10000 }, minTax: 5 },
      leaseProgram: {
        residuals: { "36": 58 },
        moneyFactors: { excellent: 0.001, "very-good": 0.0012, good: 0.0015, fair: 0.002, poor: 0.003 },
        acquisitionFee: 695,
      },
      shopperChoice: { structure: "lease", down: 2000, months: 36 },
    });
    expect(read(JSON.parse(JSON.stringify(quote)))).toEqual(quote);
    expect(conform(quote.leaseProgram, leaseProgramTemplate())).toEqual(quote.leaseProgram);
  });

  it("reads a field that cannot be read as the schema's default, and leaves the others alone", () => {
    const quote = JSON.parse(JSON.stringify(makeQuote())) as Record<string, unknown>;
    const defaults = quoteDataSchema.parse({ vehicle: quote.vehicle, pricing: quote.pricing });
    for (const field of QUOTE_FIELDS) {
      if (field === "vehicle" || field === "pricing") continue;
      // Passed on as stored, and read by the comparison card's chunk (shared/schemas/read-structures.ts).
      if (field === "structures" || field === "leaseProgram" || field === "shopperChoice") continue;
      // Issue #38: read where they are used (shared/schemas/payment-request.ts).
      if (field === "paymentRequest" || field === "paymentAnswer") continue;
      for (const junk of ["junk", 7, null, [], { __proto__: { polluted: true } }]) {
        if (quoteFieldSchema(field).safeParse(junk).success) continue;
        const out = read({ ...quote, [field]: junk }) as Record<string, unknown>;
        if (field in defaults)
          expect(out[field], `${field} = ${JSON.stringify(junk)}`).toEqual(defaults[field]);
        else expect(out[field], `${field} = ${JSON.stringify(junk)}`).toBeUndefined();
        for (const other of QUOTE_FIELDS)
          if (other !== field) expect(out[other]).toEqual((read(quote) as Record<string, unknown>)[other]);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("drops line items that are not objects or have no id, and keeps the rest", () => {
    const out = read({
      ...makeQuote(),
      addOns: [
        { id: "a1", name: "Tint", description: "", price: 499, isSelected: true, sellingPrice: "cheap" },
        "junk",
        { name: "no id", price: 1 },
        { id: 7, name: "Mats", description: "", price: "x", isSelected: "yes" },
      ],
    }) as { addOns: unknown[] };
    expect(out.addOns).toEqual([
      { id: "a1", name: "Tint", description: "", price: 499, isSelected: true },
      { id: "7", name: "Mats", description: "", price: 0, isSelected: false },
    ]);
  });

  it("reads customer info with its optional email and phone", () => {
    expect(conform({ name: "Pat", email: "pat@example.com", phone: 5 }, customerInfoTemplate())).toEqual({
      name: "Pat",
      email: "pat@example.com",
    });
    expect(conform("junk", customerInfoTemplate())).toEqual({ name: "" });
  });
});
