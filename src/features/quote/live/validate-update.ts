// The shared schema's check of one update, in a chunk of its own: zod is loaded when the first
// change is saved (or a dialog opens, or the page is idle), not with the shopper's page, and a
// field's schema is built when that field is first checked (shared/schemas/quote-fields.ts). The
// economics document's check is a chunk of its own too (validate-economics.ts): only a dealer who
// sees gross writes it, so a shopper's page never builds its schemas.

import type { z } from "@shared/core/zod";
import { DEAL_RULE_FIELDS, dealRuleProblem } from "@shared/deal/deal-rules";
import { isQuoteField, quoteFieldSchema, quoteSchemas } from "@shared/schemas/quote-fields";
import { type FieldError, fieldErrors } from "@shared/schemas/schema-fields";
import { MSG } from "@shared/text/messages";
import { readQuoteData } from "./quote-reader";

export type ValidatedUpdate = { ok: true; value: unknown } | { ok: false; errors: FieldError[] };

/**
 * The parsed (trimmed, defaulted) value of a valid update, or its errors with dotted field paths.
 * With the deal as it stands, a change of a field the deal's rules judge (the down payment bound,
 * a lease on offer: shared/deal/deal-rules.ts) is judged on the deal after it, as the live guard
 * judges it, so the dialog says why instead of the server refusing in silence.
 */
export function validateUpdate(
  field: string,
  value: unknown,
  deal?: Record<string, unknown>,
): ValidatedUpdate {
  const schema =
    field === "customerInfo"
      ? quoteSchemas.customerInfo()
      : isQuoteField(field)
        ? quoteFieldSchema(field)
        : null;
  if (!schema) return { ok: false, errors: [{ field, message: MSG.unknownKey }] };
  return checkWith(schema, field, value, deal);
}

/** `value` checked by `schema` as the value of `field` (see validateUpdate). */
export function checkWith(
  schema: z.ZodType,
  field: string,
  value: unknown,
  deal?: Record<string, unknown>,
): ValidatedUpdate {
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    if (deal && DEAL_RULE_FIELDS.has(field)) {
      const after = readQuoteData({ ...deal, [field]: parsed.data });
      const problem = after ? dealRuleProblem(new Set([field]), after) : null;
      if (problem) return { ok: false, errors: [{ field, message: problem }] };
    }
    return { ok: true, value: parsed.data };
  }
  return {
    ok: false,
    errors: fieldErrors(parsed.error).map((error) => ({
      field: error.field === "" ? field : `${field}.${error.field}`,
      message: error.message,
    })),
  };
}
