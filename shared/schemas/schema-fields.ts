// zod building blocks shared by the quote schema and the request-body schemas,
// each carrying the messages of messages.ts so a 400 reads like the form.

import {
  MAX_AMOUNT,
  MAX_MILEAGE,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
  TAX_RATE_MAX,
  TAX_RATE_MIN,
} from "../core/constants";
import { isHttpUrl } from "../core/web-link";
import { z } from "../core/zod";
import { MSG } from "../text/messages";

/** Error map for a wrong or missing type: missing reads as 'required', a wrong type says what was expected. */
const typeError =
  (whenMissing: string, whenWrong: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? whenMissing : whenWrong;

export const text = (requiredMessage: string = MSG.expectedText) =>
  z.string({ error: typeError(requiredMessage, MSG.expectedText) });

export const number = (requiredMessage: string = MSG.expectedNumber) =>
  z.number({ error: typeError(requiredMessage, MSG.expectedNumber) });

/** An object that refuses unknown keys ("Unknown field"), never strips them silently. */
export const strictObject = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? MSG.unknownKey : undefined),
  });

export const boolean = () => z.boolean({ error: MSG.expectedBoolean });

/**
 * Characters that show nothing on their own: whitespace, controls, format characters (zero-width
 * space and joiners, bidi marks, the byte-order mark, soft hyphen), separators, combining marks,
 * and the blank look-alikes (Braille blank, Hangul fillers, Mongolian vowel separator).
 */
const INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Z}\p{M}\u2800\u3164\uFFA0\u115F\u1160\u180E]*$/u;

/** True when the text holds at least one character a reader can see: names must. */
export function hasVisibleCharacter(value: string): boolean {
  return !INVISIBLE.test(value);
}

/**
 * Control characters (Unicode category Cc: escapes, bells, NUL, line breaks, tabs) and the bidi
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069). In a name they rewrite an admin's
 * terminal or reorder what a reader sees; names and descriptions refuse them.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;

/** True when the text holds no control character nor bidi override: names and descriptions must. */
export const isPlainText = (value: string): boolean => !CONTROL_CHARACTERS.test(value);

const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTERS.source, "gu");

/**
 * Stored content as the rules read it: each control character an older version let into a string
 * becomes a space (arrays and objects are copied through), so a quote saved before the rule still
 * parses when the server reads it back (versions, the desk log's total, the customer record).
 */
export function withPlainText(value: unknown): unknown {
  if (typeof value === "string") return value.replace(EVERY_CONTROL_CHARACTER, " ");
  if (Array.isArray(value)) return value.map(withPlainText);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withPlainText(item)]));
  return value;
}

/** Required free text: trimmed, with a visible character, no control characters, bounded. */
export const requiredText = (requiredMessage: string, max: number = MAX_TEXT_LENGTH) =>
  text(requiredMessage)
    .trim()
    .refine(hasVisibleCharacter, requiredMessage)
    .refine(isPlainText, MSG.plainTextOnly)
    .max(max, MSG.textTooLong);

/** A VIN as typed: spaces and dashes dropped, upper-case. */
export const normalizeVin = (raw: string): string => raw.replace(/[\s-]/g, "").toUpperCase();

/** 17 letters and digits, never I, O or Q (ISO 3779); checked after normalizeVin. */
export const isValidVin = (raw: string): boolean => /^[A-HJ-NPR-Z0-9]{17}$/.test(normalizeVin(raw));

/** The vehicle's VIN: absent or '' when not known, else exactly 17 normalized characters (no transform: what is stored is what was checked). */
export const vinField = () =>
  text()
    .refine((value) => value === "" || (value === normalizeVin(value) && isValidVin(value)), MSG.vinInvalid)
    .optional();

/** Optional free text: '' when absent, trimmed, no control characters, bounded. */
export const optionalText = (max: number = MAX_TEXT_LENGTH) =>
  text().trim().refine(isPlainText, MSG.plainTextOnly).max(max, MSG.textTooLong).default("");

/**
 * True when a dollar number has no more than two decimals. Only binary noise is tolerated (0.1 + 0.2
 * is 30 cents): the allowance is a few units in the last place of the amount in cents, so 1e-9 or
 * 0.010000001 (a non-zero amount below a cent, a third decimal) is refused, never stored as $0.00.
 */
export function hasAtMostTwoDecimals(dollars: number): boolean {
  const cents = dollars * 100;
  return Math.abs(cents - Math.round(cents)) <= 4 * Number.EPSILON * Math.max(1, Math.abs(cents));
}

interface DollarAmountMessages {
  required?: string;
  negative?: string;
  tooLarge?: string;
}

/** A dollar amount: 0..999,999.99 with at most two decimals; messages per form where the spec words them. */
export const dollarAmount = (messages: DollarAmountMessages | string = {}) => {
  const { required, negative, tooLarge } = typeof messages === "string" ? { required: messages } : messages;
  return number(required)
    .min(0, negative ?? MSG.amountNegative)
    .max(MAX_AMOUNT, tooLarge ?? MSG.amountTooLarge)
    .refine(hasAtMostTwoDecimals, MSG.amountDecimals);
};

export const mileage = (requiredMessage: string = MSG.mileageRequired) =>
  number(requiredMessage)
    .int(MSG.mileageWhole)
    .min(0, MSG.mileageNegative)
    .max(MAX_MILEAGE, MSG.mileageTooHigh);

export const taxRate = () =>
  number(MSG.taxRateBetween0And100)
    .min(TAX_RATE_MIN, MSG.taxRateBetween0And100)
    .max(TAX_RATE_MAX, MSG.taxRateBetween0And100);

/** Optional http(s) URL; '' means none. */
export const optionalUrl = () =>
  text()
    .trim()
    .max(MAX_URL_LENGTH, MSG.urlTooLong)
    .refine((value) => value === "" || isHttpUrl(value), MSG.urlInvalid)
    .default("");

/** Ids of line items: the server's numeric ids are accepted and kept as strings. */
export const itemId = () =>
  z
    .union([text().trim().min(1, MSG.expectedText).max(100, MSG.textTooLong), number().int()], {
      error: MSG.expectedText,
    })
    .transform(String);

export interface FieldError {
  field: string;
  message: string;
}

/** zod issues as {field, message}, field the dotted path ('' for the whole body), first issue per field. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const result: FieldError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join(".");
    if (seen.has(field)) continue;
    seen.add(field);
    result.push({ field, message: issue.message });
  }
  return result;
}

/** The same, keyed by field: the shape a form's error state takes. */
export function fieldErrorMap(error: z.ZodError): Record<string, string> {
  const map: Record<string, string> = {};
  for (const { field, message } of fieldErrors(error)) map[field] = message;
  return map;
}
