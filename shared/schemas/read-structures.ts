// Issue #18: the deal's structures, lease programme and the shopper's choice, read as tolerantly
// as the quote template reads the rest (a malformed value falls back to its default). In shared/
// since issue #34: the selected structure (header card, sheet, versions, the live guard) reads it.

import {
  DEFAULT_STRUCTURES,
  LEASE_TERMS,
  type LeaseTerm,
  LOAN_TERMS,
  type LoanTerm,
  STRUCTURE_KINDS,
} from "../core/constants";
import type { LeaseProgram, QuoteData, ShopperChoice, Structures } from "./quote-schema";

import { conform, leaseProgramTemplate } from "./quote-template";

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const obj = (value: unknown): Raw => (isObject(value) ? value : {});
const oneOf = <T extends string>(value: unknown, options: readonly T[]): T | undefined =>
  options.find((option) => option === value);

const isLoanTerm = (value: unknown): value is LoanTerm => (LOAN_TERMS as readonly unknown[]).includes(value);
const isLeaseTerm = (value: unknown): value is LeaseTerm =>
  (LEASE_TERMS as readonly unknown[]).includes(value);
const downs = (value: unknown): number[] | undefined =>
  Array.isArray(value) &&
  value.length === 3 &&
  value.every((v) => typeof v === "number" && Number.isFinite(v) && v >= 0)
    ? (value as number[])
    : undefined;

/** Issue #18: the quote's grids; the defaults where the stored value is missing or malformed. */
export function structures(value: unknown): Structures {
  const raw = obj(value);
  const finance =
    Array.isArray(raw.financeTerms) && raw.financeTerms.length === 3 && raw.financeTerms.every(isLoanTerm);
  const lease =
    Array.isArray(raw.leaseTerms) && raw.leaseTerms.length === 3 && raw.leaseTerms.every(isLeaseTerm);
  const hidden = Array.isArray(raw.hidden) ? raw.hidden.filter((kind) => oneOf(kind, STRUCTURE_KINDS)) : [];
  return {
    downs: (downs(raw.downs) ?? [...DEFAULT_STRUCTURES.downs]) as Structures["downs"],
    financeTerms: (finance
      ? raw.financeTerms
      : [...DEFAULT_STRUCTURES.financeTerms]) as Structures["financeTerms"],
    leaseTerms: (lease ? raw.leaseTerms : [...DEFAULT_STRUCTURES.leaseTerms]) as Structures["leaseTerms"],
    hidden: hidden as Structures["hidden"],
  };
}

export function leaseProgram(value: unknown): LeaseProgram | undefined {
  return isObject(value) ? (conform(value, leaseProgramTemplate()) as LeaseProgram) : undefined;
}

export function shopperChoice(value: unknown): ShopperChoice | undefined {
  if (!isObject(value)) return undefined;
  if (value.structure === "cash") return { structure: "cash" };
  // Issue #46: a structure and a term; an older stored choice's `down` reads as the term's choice.
  if (value.structure === "finance" && isLoanTerm(value.months))
    return { structure: "finance", months: value.months };
  if (value.structure === "lease" && isLeaseTerm(value.months))
    return { structure: "lease", months: value.months };
  return undefined;
}

/** The deal with these three fields read tolerantly (the page passes them on as stored). */
export function withStructures(data: QuoteData): QuoteData {
  return {
    ...data,
    structures: structures(data.structures),
    leaseProgram: leaseProgram(data.leaseProgram),
    shopperChoice: shopperChoice(data.shopperChoice),
  };
}
