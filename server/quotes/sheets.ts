import { buildDealSheet, type DealSheet } from "@shared/deal/deal-sheet";
import type { Stores } from "../db/stores";
import type { QuoteRow } from "../policies/quote-access";
import type { LiveControl } from "./live-control";
import { currentSnapshot, fingerprintOf, readVersion } from "./versions";

// Issue #19: the deal sheet of the current deal or of one stored version, for the dealer's copy
// (with the customer record) or the shopper's (without). The sheet page's JSON and the PDF both
// come from here, so they cannot differ.

export type SheetCopy = "dealer" | "shopper";

/** The current deal's sheet: fingerprinted like a version, so two prints of one deal match. */
export async function currentSheet(
  stores: Stores,
  live: LiveControl,
  quote: QuoteRow,
  copy: SheetCopy,
  timeZone?: string,
): Promise<DealSheet> {
  const snapshot = await currentSnapshot(stores, live, quote);
  const stamp = {
    number: null,
    kind: null,
    at: new Date().toISOString(),
    fingerprint: fingerprintOf(snapshot),
  };
  return buildDealSheet(snapshot, stamp, copy, timeZone);
}

/** One version's sheet, or undefined when there is no such version. */
export async function versionSheet(
  stores: Stores,
  quote: QuoteRow,
  number: number,
  copy: SheetCopy,
  timeZone?: string,
): Promise<DealSheet | undefined> {
  const version = await readVersion(stores, quote.id, number, copy === "dealer");
  if (!version) return undefined;
  const stamp = {
    number: version.number,
    kind: version.kind,
    at: version.createdAt,
    fingerprint: version.fingerprint,
  };
  return buildDealSheet(version.snapshot, stamp, copy, timeZone);
}
