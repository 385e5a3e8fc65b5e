// What a VIN decodes to (issue #50), shared by the decode endpoints, the stock import, the
// vehicle forms and the shopper's trade-in dialog. Pure: the decoding itself runs on the server
// (server/vehicles/), offline, from NHTSA's vPIC data.

import { INVENTORY_MSG, stockVehicleDescription } from "./inventory-text";
import { VIN_SHAPE, vinCheckDigit } from "./vin";

/** GET /api/vehicles/decode's answer to a member. */
export type DecodedVehicle = {
  vin: string;
  year: number;
  make: string;
  /** "" when vPIC knows the maker and year but not the model. */
  model: string;
  trim?: string;
  series?: string;
  bodyClass?: string;
  /** As the quote form writes it: "2023 Hyundai Kona SEL". */
  description: string;
};

/** GET /api/quotes/:id/decode-vin's answer to a shopper: the car, nothing of vPIC's detail. */
type ShopperDecodedVehicle = Pick<DecodedVehicle, "year" | "make" | "model" | "trim" | "description">;

export const shopperDecodedVehicle = (v: DecodedVehicle): ShopperDecodedVehicle => ({
  year: v.year,
  make: v.make,
  model: v.model,
  ...(v.trim ? { trim: v.trim } : {}),
  description: v.description,
});

/** The description a decode gives: year, make, model and trim, as the quote form would type it. */
export const decodedDescription = (v: { year: number; make: string; model: string; trim?: string }) =>
  stockVehicleDescription({ year: v.year, make: v.make, model: v.model, trim: v.trim ?? "" });

/** Why a VIN is refused before any look-up (a shape or check-digit message), or null when it may be decoded. */
export function vinDecodeRefusal(vin: string): string | null {
  if (!VIN_SHAPE.test(vin)) return INVENTORY_MSG.vinInvalid;
  if (vin[8] !== vinCheckDigit(vin)) return INVENTORY_MSG.vinDecodeCheckDigit;
  return null;
}
