import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { vinModelYear } from "@shared/inventory/vin";
import { type DecodedVehicle, vinDecodeRefusal } from "@shared/inventory/vin-decode";
import { normalizeVin } from "@shared/schemas/schema-fields";
import { type VinDecoder, VinDecodingUnavailable } from "../vehicles/vin-decoder";

// Issue #50: a stock row's VIN against what the row says, at the row's validation stage of the
// DMS import. Guarantees:
// - A row never fails here: a VIN that decodes to another make or model year is a warning on the
//   row's line ("VIN decodes to a 2019 Ford, the row says Honda"), and the row is still imported.
// - An empty year, make or model is filled from the VIN's decode (the trim too when the model is).
// - Cheap on big files: with year, make and model given, the year comes from the VIN itself and
//   the make from vPIC's makes of the maker code (memoized per code); the full decode runs only
//   to fill a row or to name the car in a warning.
// - With no decoder (its database failed to open) the rows are imported unchecked.

/** A row's values as rowToVehicleInput gives them, before the schema. */
type RowInput = Record<string, unknown>;

const given = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

const MAKE_ALIASES: Record<string, string> = {
  chevy: "chevrolet",
  vw: "volkswagen",
  mercedes: "mercedesbenz",
};
const makeKey = (make: string) => {
  const key = make.toLowerCase().replace(/[^a-z0-9]/g, "");
  return MAKE_ALIASES[key] ?? key;
};
/** "Mercedes-Benz" is "mercedes benz", "Chevy" is Chevrolet; case and punctuation aside. */
export const sameMake = (a: string, b: string) => makeKey(a) === makeKey(b);

async function decodeOrNull(decoder: VinDecoder, vin: string): Promise<DecodedVehicle | null> {
  try {
    return await decoder.decode(vin);
  } catch (error) {
    if (error instanceof VinDecodingUnavailable) return null;
    throw error;
  }
}

/**
 * Fills the row's empty year, make and model from its VIN (in place) and answers the warning for
 * a VIN that says another make or model year, or null.
 */
export async function checkRowVin(decoder: VinDecoder, input: RowInput): Promise<string | null> {
  const vin = normalizeVin(given(input.vin));
  if (input.vinNotChecked === true || vinDecodeRefusal(vin) !== null) return null;
  const rowYear = typeof input.year === "number" ? input.year : undefined;
  const rowMake = given(input.make);
  const rowModel = given(input.model);

  let decoded: DecodedVehicle | null | undefined;
  if (rowYear === undefined || rowMake === "" || rowModel === "") {
    decoded = await decodeOrNull(decoder, vin);
    if (!decoded) return null;
    if (rowYear === undefined) input.year = decoded.year;
    if (rowMake === "") input.make = decoded.make;
    if (rowModel === "" && decoded.model !== "") {
      input.model = decoded.model;
      if (given(input.trim) === "" && decoded.trim) input.trim = decoded.trim;
    }
  }

  let makes: string[];
  try {
    makes = decoded ? [decoded.make] : await decoder.makesOfMaker(vin);
  } catch (error) {
    if (error instanceof VinDecodingUnavailable) return null;
    throw error;
  }
  const vinYear = decoded?.year ?? vinModelYear(vin);
  const yearDiffers = rowYear !== undefined && vinYear !== null && rowYear !== vinYear;
  const makeDiffers = rowMake !== "" && makes.length > 0 && !makes.some((make) => sameMake(make, rowMake));
  if (!yearDiffers && !makeDiffers) return null;
  decoded ??= await decodeOrNull(decoder, vin);
  const says = { year: decoded?.year ?? vinYear, make: decoded?.make ?? makes[0] ?? "" };
  const row = [yearDiffers ? String(rowYear) : "", makeDiffers ? rowMake : ""].filter(Boolean).join(" ");
  return INVENTORY_MSG.vinDecodesToOther(says, row);
}
