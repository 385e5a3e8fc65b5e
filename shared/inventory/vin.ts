// VIN checks shared by the vehicle form, the API and the DMS import (issue #37): the shape (17
// letters and digits, never I, O or Q), the North-American check digit (position 9) and the
// hints the VIN gives (the model year from position 10, the maker from the WMI). A year or make
// that disagrees with the hints is a warning, never an error. Pre-1981 and non-North-American
// VINs are saved unchecked when the dealer says so ("VIN not checked").

import { INVENTORY_MSG } from "./inventory-text";
import { makerOfWmi } from "./wmi";

// biome-ignore format: the transliteration table reads best as the standard prints it
const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** The model-year codes of position 10, 1980 (A) to 2009 (9); the cycle repeats from 2010. */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

/** A 17-character VIN as the form checks it (after normalizeVin): letters and digits but I, O, Q. */
export const VIN_SHAPE = /^[A-HJ-NPR-Z0-9]{17}$/;
/** A VIN saved unchecked (pre-1981, or from outside North America): 1 to 17 letters and digits. */
const UNCHECKED_VIN_SHAPE = /^[A-Z0-9]{1,17}$/;

/** The check digit a 17-character VIN should carry at position 9 ("0"-"9" or "X"). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = vin[i] ?? "0";
    const value = /[0-9]/.test(char) ? Number(char) : (VALUES[char] ?? 0);
    sum += value * (WEIGHTS[i] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** A 17-character VIN with its check digit set (the tests' and the benchmark's generated VINs). */
export const withCheckDigit = (vin: string): string =>
  `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

/**
 * The model year position 10 encodes, or null. The code repeats every 30 years; position 7 tells
 * the cycles apart on North-American cars (a digit: 1980-2009, a letter: 2010-2039), and a year
 * more than a year ahead of `currentYear` falls back a cycle.
 */
export function vinModelYear(vin: string, currentYear: number = new Date().getFullYear()): number | null {
  const index = YEAR_CODES.indexOf(vin[9] ?? "");
  if (index < 0 || vin.length !== 17) return null;
  let year = 1980 + index + (/[A-Z]/.test(vin[6] ?? "") ? 30 : 0);
  if (year > currentYear + 1) year -= 30;
  return year;
}

/** The maker the bundled WMI table gives for the VIN, or null (an unknown WMI is fine). */
export const vinMaker = (vin: string): string | null => (vin.length === 17 ? makerOfWmi(vin) : null);

type VinIssue = { field: "vin" | "year" | "make"; message: string };

type VinCheck = {
  /** Refusals: the VIN's shape or check digit. */
  errors: VinIssue[];
  /** A year or make that disagrees with what the VIN says: shown, never refused. */
  warnings: VinIssue[];
  /** What the VIN says, for the form to offer (absent when it says nothing). */
  hints: { year?: number; make?: string };
};

/**
 * The checks of a vehicle's VIN (normalized, may be "" when not known) against its year and make.
 * With `notChecked` only the characters are checked (1 to 17 letters and digits), and no hint is
 * offered.
 */
export function checkVin(input: {
  vin: string;
  year?: number | null;
  make?: string | null;
  notChecked?: boolean;
}): VinCheck {
  const { vin } = input;
  const result: VinCheck = { errors: [], warnings: [], hints: {} };
  if (vin === "") return result;
  if (input.notChecked) {
    if (!UNCHECKED_VIN_SHAPE.test(vin))
      result.errors.push({ field: "vin", message: INVENTORY_MSG.vinUncheckedInvalid });
    return result;
  }
  if (!VIN_SHAPE.test(vin)) {
    result.errors.push({ field: "vin", message: INVENTORY_MSG.vinInvalid });
    return result;
  }
  const expected = vinCheckDigit(vin);
  if (vin[8] !== expected)
    result.errors.push({ field: "vin", message: INVENTORY_MSG.vinCheckDigit(expected) });
  const year = vinModelYear(vin);
  const make = vinMaker(vin);
  if (year !== null) result.hints.year = year;
  if (make !== null) result.hints.make = make;
  if (year !== null && typeof input.year === "number" && input.year !== year)
    result.warnings.push({ field: "year", message: INVENTORY_MSG.vinYearDiffers(year) });
  if (make !== null && input.make && input.make.trim().toLowerCase() !== make.toLowerCase())
    result.warnings.push({ field: "make", message: INVENTORY_MSG.vinMakeDiffers(make) });
  return result;
}
