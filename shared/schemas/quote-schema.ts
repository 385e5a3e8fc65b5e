// The quote data of spec §3 as zod schemas, built at once: the server, the forms and the OpenAPI
// document read them as constants. Each rule is written once, in quote-fields.ts, which builds a
// schema on first use (the shopper's page checks one field per change and builds only that one);
// these are the same instances.

import type { z } from "../core/zod";
import { mayWriteField } from "../rules/permissions";
import {
  QUOTE_FIELD_SCHEMAS,
  QUOTE_FIELDS,
  type QuoteField,
  quoteFieldSchema,
  quoteSchemas,
} from "./quote-fields";
import { type FieldError, fieldErrors, strictObject } from "./schema-fields";

export { isQuoteField, QUOTE_FIELDS, type QuoteField, quoteFieldSchema } from "./quote-fields";

const vehicleSchema = quoteSchemas.vehicle();
const pricingFieldsSchema = quoteSchemas.pricingFields();
const pricingSchema = quoteSchemas.pricing();
const addOnSchema = quoteSchemas.addOn();
const feeItemSchema = quoteSchemas.feeItem();
const taxItemSchema = quoteSchemas.taxItem();
const tradeInSchema = quoteSchemas.tradeIn();
const tradeInVehicleSchema = quoteSchemas.tradeInVehicle();
const interestRatesSchema = quoteSchemas.interestRates();
const customInterestRatesSchema = quoteSchemas.customInterestRates();
export const rebateSchema = quoteSchemas.rebate();
export const taxRulesSchema = quoteSchemas.taxRules();
export const structuresSchema = quoteSchemas.structures();
export const structuresEntrySchema = quoteSchemas.structuresEntry();
export const leaseProgramSchema = quoteSchemas.leaseProgram();
export const shopperChoiceSchema = quoteSchemas.shopperChoice();
export const paymentRequestSchema = quoteSchemas.paymentRequest();
export const paymentAnswerSchema = quoteSchemas.paymentAnswer();
export const customerInfoSchema = quoteSchemas.customerInfo();

type FieldShape = { [F in QuoteField]: ReturnType<(typeof QUOTE_FIELD_SCHEMAS)[F]> };
function fieldShape(): FieldShape {
  const shape: Partial<Record<QuoteField, z.ZodType>> = {};
  for (const field of QUOTE_FIELDS) shape[field] = QUOTE_FIELD_SCHEMAS[field]();
  return shape as FieldShape;
}

/** The deal shared with the shopper. Customer info lives apart, dealer-only (DESIGN.md). */
export const quoteDataSchema = strictObject(fieldShape());

/** POST /quotes body. */
export const createQuoteSchema = strictObject({ vehicle: vehicleSchema, pricing: pricingSchema });

export type QuoteData = z.infer<typeof quoteDataSchema>;
export type QuoteDataInput = z.input<typeof quoteDataSchema>;
export type Vehicle = z.infer<typeof vehicleSchema>;
export type Pricing = z.infer<typeof pricingSchema>;
export type AddOn = z.infer<typeof addOnSchema>;
export type FeeItem = z.infer<typeof feeItemSchema>;
export type TaxItem = z.infer<typeof taxItemSchema>;
export type Rebate = z.infer<typeof rebateSchema>;
export type QuoteTaxRules = z.infer<typeof taxRulesSchema>;
export type Structures = z.infer<typeof structuresSchema>;
export type LeaseProgram = z.infer<typeof leaseProgramSchema>;
export type ShopperChoice = z.infer<typeof shopperChoiceSchema>;
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;
export type TradeIn = z.infer<typeof tradeInSchema>;
export type TradeInVehicle = z.infer<typeof tradeInVehicleSchema>;
export type InterestRates = z.infer<typeof interestRatesSchema>;
export type CustomInterestRates = z.infer<typeof customInterestRatesSchema>;
export type CustomerInfo = z.infer<typeof customerInfoSchema>;
export type CreateQuoteBody = z.infer<typeof createQuoteSchema>;

/** What a shopper may change (spec §6, docs/decisions/009-product-rulings.md), read from the permissions table. */
export const SHOPPER_WRITABLE_FIELDS: readonly QuoteField[] = QUOTE_FIELDS.filter((field) =>
  mayWriteField("SHOPPER", "deal", field),
);

/**
 * The rules the live channel applies to one field of a dealer's update: the form's rules for
 * each value, without the discount-to-price rule between two of them. The peer benchmark's
 * dealer writes discounts up to $999,999.99 on a $25,000 quote as legal edits; the quote page
 * shows the form's message on such a discount (docs/decisions/014-discount-on-the-live-channel.md).
 */
export function liveFieldSchema(field: QuoteField): z.ZodType {
  return field === "pricing" ? pricingFieldsSchema : quoteFieldSchema(field);
}

/** Field errors of one live update, paths prefixed with the field ('tradeIn.vehicle.mileage'); [] when valid. */
export function validateQuoteField(field: QuoteField, value: unknown): FieldError[] {
  const result = quoteFieldSchema(field).safeParse(value);
  if (result.success) return [];
  return fieldErrors(result.error).map((error) => ({
    field: error.field === "" ? field : `${field}.${error.field}`,
    message: error.message,
  }));
}
