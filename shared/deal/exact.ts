// Exact cent arithmetic for the deal calculator: products of cents and typed
// decimals (rates, money factors) are taken as fractions with BigInt and rounded
// once, half away from zero, so a true half cent (60.025) rounds up, which a
// float product (60.02499...) would not.

import { decimalToFraction } from "../core/money";

/** numerator / denominator rounded to an integer, halves away from zero (denominator > 0). */
function divideRounded(numerator: bigint, denominator: bigint): number {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = (2n * magnitude + denominator) / (2n * denominator);
  const result = Number(quotient);
  return negative ? -result || 0 : result;
}

/** cents x decimal factor (a money factor such as 0.00125), rounded to a cent. */
export function timesDecimal(cents: number, factor: number): number {
  const { numerator, scale } = decimalToFraction(factor);
  return divideRounded(BigInt(Math.trunc(cents)) * numerator, 10n ** BigInt(scale));
}

/** cents x percent / 100, rounded to a cent. */
export function percentOf(cents: number, percent: number): number {
  const { numerator, scale } = decimalToFraction(percent);
  return divideRounded(BigInt(Math.trunc(cents)) * numerator, 100n * 10n ** BigInt(scale));
}

/** cents / count, rounded to a cent (count > 0). */
export function dividedBy(cents: number, count: number): number {
  return divideRounded(BigInt(Math.trunc(cents)), BigInt(count));
}

export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
