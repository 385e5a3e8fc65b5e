// Input and display formatting of spec §5: amount inputs, phones, state, ZIP,
// mileage. Pure string functions, so a React input and a test behave alike.

import { CUSTOMER_PHONE_DIGITS, DEALER_PHONE_DIGITS, STATE_LENGTH } from "./constants";
import { formatCentsPlain, groupThousands, toCents } from "./money";

export const digitsOnly = (raw: string): string => raw.replace(/\D/g, "");

/**
 * What an amount input keeps while typing: digits and one decimal point with at
 * most two decimals. Thousands separators from the blurred display are dropped,
 * so focusing '1,234.50' and typing continues from '1234.50'.
 */
export function sanitizeAmountInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, "");
  const point = kept.indexOf(".");
  if (point === -1) return kept;
  const whole = kept.slice(0, point);
  const decimals = kept
    .slice(point + 1)
    .replace(/\./g, "")
    .slice(0, 2);
  return `${whole}.${decimals}`;
}

/** What a percent input keeps while typing: digits and one point with at most three decimals ("6.25"). */
export function sanitizeRateInput(raw: string): string {
  const kept = raw.replace(/[^\d.]/g, "");
  const point = kept.indexOf(".");
  if (point === -1) return kept;
  return `${kept.slice(0, point)}.${kept
    .slice(point + 1)
    .replace(/\./g, "")
    .slice(0, 3)}`;
}

/**
 * The amount a field holds, in dollars: '' (or only a point) is 0, thousands
 * separators, a '$' and spaces are tolerated; anything else is NaN so that a
 * validator can say 'Please enter a valid number'.
 */
export function parseAmountInput(raw: string): number {
  const cleaned = raw.replace(/[,\s$]/g, "");
  if (cleaned === "" || cleaned === ".") return 0;
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/**
 * On blur: two decimals with thousands separators ('1234.5' -> '1,234.50').
 * An empty field stays empty (it still counts as 0 when parsed) so that a
 * required field is not silently filled; unparseable text is left as typed.
 */
export function formatAmountInput(raw: string): string {
  const sanitized = sanitizeAmountInput(raw);
  if (sanitized === "" || sanitized === ".") return "";
  const value = parseAmountInput(sanitized);
  if (!Number.isFinite(value)) return raw;
  return formatCentsPlain(toCents(value));
}

/** A stored dollar amount shown in an input ('1,234.50'); negatives shown unsigned. */
export const amountToInput = (dollars: number): string => formatCentsPlain(toCents(dollars));

/**
 * Dealer phone, progressive while typing: '555' -> '(555', full -> '(555) 123-4567'. A leading
 * country code ('1 512…', '+1 (512)…') is dropped: US area codes never start with 1.
 */
export function formatDealerPhone(raw: string): string {
  const digits = digitsOnly(raw).replace(/^1/, "").slice(0, DEALER_PHONE_DIGITS);
  return groupPhone(digits);
}

function groupPhone(digits: string): string {
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * Customer phone digits for saving: 11 digits with the leading country code 1.
 * A number typed without the 1 gets it, since US area codes never start with 1.
 */
export function customerPhoneDigits(raw: string): string {
  const digits = digitsOnly(raw);
  if (digits === "") return "";
  const withCountry = digits.startsWith("1") ? digits : `1${digits}`;
  return withCountry.slice(0, CUSTOMER_PHONE_DIGITS);
}

/** Customer phone, progressive: '1 (555) 123-4567' when complete (16 of max 17 chars). */
export function formatCustomerPhone(raw: string): string {
  const digits = customerPhoneDigits(raw);
  if (digits === "") return "";
  const rest = digits.slice(1);
  return rest === "" ? "1" : `1 ${groupPhone(rest)}`;
}

/** State input: letters only, uppercased, at most two ('ca' -> 'CA'). */
export const normalizeState = (raw: string): string =>
  raw
    .replace(/[^a-zA-Z]/g, "")
    .toUpperCase()
    .slice(0, STATE_LENGTH);

export const isValidZip = (raw: string): boolean => /^\d{5}(-\d{4})?$/.test(raw.trim());

/** '12,345 miles' for the quote page's vehicle line. */
export function formatMileage(miles: number): string {
  const whole = Math.max(0, Math.round(miles));
  return `${groupThousands(String(whole))} ${whole === 1 ? "mile" : "miles"}`;
}

/** '6.5%' for rates and tax lines; at most three decimals, no trailing zeros. */
export function formatPercent(rate: number): string {
  return `${Number(rate.toFixed(3))}%`;
}

/**
 * A time of day as en-US "h:mm AM/PM" ("3:42 PM"), in the device's time zone, with a plain space
 * (Intl writes a narrow no-break space before "PM" in current ICU versions).
 */
export function formatClockTime(at: Date): string {
  const hours = at.getHours();
  return `${hours % 12 || 12}:${String(at.getMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
};
let dateFormat: Intl.DateTimeFormat | undefined;

/** US reader's date and time (issue #14: a desk log needs the time): 'Nov 21, 2026, 3:42 PM'. */
export function formatQuoteDate(ms: number, timeZone?: string): string {
  if (!Number.isFinite(ms)) return "";
  if (timeZone) return new Intl.DateTimeFormat("en-US", { ...DATE_TIME, timeZone }).format(ms);
  dateFormat ??= new Intl.DateTimeFormat("en-US", DATE_TIME);
  return dateFormat.format(ms);
}
