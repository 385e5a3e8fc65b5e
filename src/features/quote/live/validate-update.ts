// The shared schema's check of one update, in a chunk of its own: zod is loaded when the first
// change is saved (or a dialog opens), not with the shopper's page.

import { MSG } from "@shared/messages";
import {
  customerInfoSchema,
  type FieldError,
  fieldErrors,
  isQuoteField,
  quoteFieldSchema,
} from "@shared/quote-schema";

export type ValidatedUpdate = { ok: true; value: unknown } | { ok: false; errors: FieldError[] };

/** The parsed (trimmed, defaulted) value of a valid update, or its errors with dotted field paths. */
export function validateUpdate(field: string, value: unknown): ValidatedUpdate {
  const schema =
    field === "customerInfo" ? customerInfoSchema : isQuoteField(field) ? quoteFieldSchema(field) : null;
  if (!schema) return { ok: false, errors: [{ field, message: MSG.unknownKey }] };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: fieldErrors(parsed.error).map((error) => ({
      field: error.field === "" ? field : `${field}.${error.field}`,
      message: error.message,
    })),
  };
}
