// Money is carried as dollars in the quote's JSON (as the spec's API does) and
// converted to integer cents before any arithmetic: floats are never summed.
// See docs/decisions/003-money-in-cents.md.

/**
 * Rounds to the nearest integer, halves away from zero (2.5 -> 3, -2.5 -> -3).
 * The input is first cleaned to 15 significant digits, so binary noise such as
 * 100.49999999999999 (from 1.005 * 100) counts as the decimal half it stands for.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) return value;
  // Whole numbers of up to 15 digits come back as they are (the common case: cents already rounded).
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value || 0;
  const magnitude = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.floor(magnitude + 0.5);
  // `|| 0` turns -0 into 0 so that nothing downstream shows "-$0.00".
  return (value < 0 ? -rounded : rounded) || 0;
}

/** Dollars (at most 2 decimals meant) to integer cents: 0.1 + 0.2 -> 30, 1.005 -> 101. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) return 0;
  return roundHalfAwayFromZero(dollars * 100);
}

/** Integer cents back to dollars for the JSON quote data (2 decimals, exact for < 2^53). */
export function centsToDollars(cents: number): number {
  return Number((roundHalfAwayFromZero(cents) / 100).toFixed(2));
}

/** '1234567' -> '1,234,567' (US thousands separators on a string of digits). */
export const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** '1234.5' style plain number with thousands separators and two decimals, no sign: 1,234.50. */
export function formatCentsPlain(cents: number): string {
  const whole = Math.abs(roundHalfAwayFromZero(cents));
  const dollars = Math.floor(whole / 100);
  const rest = String(whole % 100).padStart(2, "0");
  return `${groupThousands(String(dollars))}.${rest}`;
}

/** US format with two decimals: $1,234.56 and -$1,234.56 (never "-$0.00"). */
export function formatMoney(cents: number): string {
  const rounded = roundHalfAwayFromZero(cents);
  const sign = rounded < 0 ? "-" : "";
  return `${sign}$${formatCentsPlain(rounded)}`;
}

/** Convenience for the JSON dollar amounts of the quote data. */
export function formatDollars(dollars: number): string {
  return formatMoney(toCents(dollars));
}

/** Sum of integer cents; exact as long as the total stays below 2^53. */
export function sumCents(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

/**
 * A decimal number as an exact fraction numerator / 10^scale, read from the
 * shortest decimal text of the number (what the dealer typed: 8.875 -> 8875 / 10^3).
 */
export function decimalToFraction(value: number): { numerator: bigint; scale: number } {
  const text = Math.abs(value).toString();
  const [mantissa = "0", exponentText] = text.split("e");
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [intPart = "0", fracPart = ""] = mantissa.split(".");
  let numerator = BigInt(intPart + fracPart);
  let scale = fracPart.length - exponent;
  if (scale < 0) {
    numerator *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { numerator: value < 0 ? -numerator : numerator, scale };
}

/**
 * cents x percent / 100, rounded to a cent half away from zero, computed exactly
 * with BigInt so that a half cent is a true half (12,345 cents at 7.3% -> 901).
 */
export function percentOfCents(cents: number, percent: number): number {
  if (!Number.isFinite(percent) || !Number.isFinite(cents)) return 0;
  const { numerator, scale } = decimalToFraction(percent);
  const product = BigInt(Math.trunc(cents)) * numerator;
  const divisor = 100n * 10n ** BigInt(scale);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const quotient = (2n * magnitude + divisor) / (2n * divisor);
  const result = Number(quotient);
  return negative ? -result || 0 : result;
}
