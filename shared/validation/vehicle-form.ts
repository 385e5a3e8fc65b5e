// The vehicle form of /quote/new and the vehicle edit dialog (spec §5).

import { defaultIsNew, MAX_MILEAGE, MAX_URL_LENGTH } from "../core/constants";
import { amountToInput, parseAmountInput } from "../core/format";
import { toCents } from "../core/money";
import { isHttpUrl } from "../core/web-link";
import { collect, type FieldErrors, isBlank, optional, required } from "../schemas/field-rules";
import type { CreateQuoteBody, Pricing, Vehicle } from "../schemas/quote-schema";
import { isValidVin, normalizeVin } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import { CORE_MSG } from "../text/page-text";
import { amountMessage, parseNumberInput } from "./amount";

/** The form's text inputs; price and discount as typed ('1,234.50'). */
export interface VehicleFormValues {
  description: string;
  color: string;
  mileage: string;
  stockNumber: string;
  vin: string;
  advertisedUrl: string;
  advertisedPrice: string;
  discount: string;
  /** Issue #34: "" until the dealer picks; the form then shows the mileage's default (used above 1,000). */
  condition: "" | "new" | "used";
  /** The MSRP as typed; blank: none (the quote then offers no lease). */
  msrp: string;
}
type VehicleFormField = keyof VehicleFormValues;

/** New or used as the form stands: the dealer's pick, else the mileage's default. */
export function vehicleFormIsNew(values: Pick<VehicleFormValues, "condition" | "mileage">): boolean {
  if (values.condition !== "") return values.condition === "new";
  const miles = parseNumberInput(values.mileage);
  return Number.isFinite(miles) ? defaultIsNew(miles) : true;
}

export function mileageMessage(raw: string, requiredWhenZero: boolean): string | undefined {
  if (isBlank(raw)) return MSG.mileageRequired;
  const miles = parseNumberInput(raw);
  if (!Number.isFinite(miles)) return MSG.invalidNumber;
  if (miles < 0) return MSG.mileageNegative;
  if (!Number.isInteger(miles)) return MSG.mileageWhole;
  if (miles > MAX_MILEAGE) return MSG.mileageTooHigh;
  if (miles === 0 && requiredWhenZero) return MSG.mileageRequired;
  return undefined;
}

function urlMessage(raw: string): string | undefined {
  if (isBlank(raw)) return undefined;
  if (raw.trim().length > MAX_URL_LENGTH) return MSG.urlTooLong;
  return isHttpUrl(raw) ? undefined : MSG.urlInvalid;
}

function vinMessage(raw: string): string | undefined {
  return isBlank(raw) || isValidVin(raw) ? undefined : MSG.vinInvalid;
}

export function validateVehicleForm(values: VehicleFormValues): FieldErrors<VehicleFormField> {
  return collect<VehicleFormField>([
    ["description", required(MSG.descriptionRequired)(values.description)],
    ["color", optional(values.color)],
    // A new car may have 0 miles, so only blank is "required" here (unlike the trade-in).
    ["mileage", mileageMessage(values.mileage, false)],
    ["stockNumber", optional(values.stockNumber)],
    ["vin", vinMessage(values.vin)],
    ["advertisedUrl", urlMessage(values.advertisedUrl)],
    [
      "advertisedPrice",
      amountMessage(values.advertisedPrice, {
        requiredMessage: MSG.advertisedPriceRequired,
        negativeMessage: MSG.priceNegative,
        tooLargeMessage: MSG.priceTooLarge,
      }),
    ],
    ["discount", amountMessage(values.discount) ?? discountAbovePrice(values)],
    [
      "msrp",
      isBlank(values.msrp) ? undefined : amountMessage(values.msrp, { tooLargeMessage: MSG.priceTooLarge }),
    ],
  ]);
}

/** docs/decisions/009-product-rulings.md: a discount above the advertised price is refused, never capped silently. */
function discountAbovePrice(
  values: Pick<VehicleFormValues, "advertisedPrice" | "discount">,
): string | undefined {
  if (isBlank(values.discount) || isBlank(values.advertisedPrice)) return undefined;
  const advertised = toCents(parseAmountInput(values.advertisedPrice));
  const discount = toCents(parseAmountInput(values.discount));
  if (!Number.isFinite(advertised) || !Number.isFinite(discount)) return undefined;
  return discount > advertised ? CORE_MSG.discountAboveAdvertised : undefined;
}

/** The selling price the form shows, in cents: advertised minus discount, discount capped. */
export function vehicleFormSellingPrice(
  values: Pick<VehicleFormValues, "advertisedPrice" | "discount">,
): number {
  const advertised = Math.max(0, toCents(parseAmountInput(values.advertisedPrice)) || 0);
  const discount = Math.max(0, toCents(parseAmountInput(values.discount)) || 0);
  return advertised - Math.min(discount, advertised);
}

/** POST /quotes body (and the vehicle + pricing updates of the edit dialog) from a valid form. */
export function vehicleFormToQuote(values: VehicleFormValues): CreateQuoteBody {
  return {
    vehicle: {
      description: values.description.trim(),
      color: values.color.trim(),
      mileage: parseNumberInput(values.mileage),
      stockNumber: values.stockNumber.trim(),
      vin: normalizeVin(values.vin),
      advertisedUrl: values.advertisedUrl.trim(),
      isNew: vehicleFormIsNew(values),
      ...(isBlank(values.msrp) ? {} : { msrp: parseAmountInput(values.msrp) }),
    },
    pricing: {
      advertisedPrice: parseAmountInput(values.advertisedPrice),
      discount: parseAmountInput(values.discount),
    },
  };
}

/** The edit dialog's initial inputs from a quote. */
export function vehicleFormValues(vehicle: Vehicle, pricing: Pricing): VehicleFormValues {
  return {
    description: vehicle.description,
    color: vehicle.color,
    mileage: String(vehicle.mileage),
    stockNumber: vehicle.stockNumber,
    vin: vehicle.vin ?? "",
    advertisedUrl: vehicle.advertisedUrl,
    advertisedPrice: amountToInput(pricing.advertisedPrice),
    discount: pricing.discount ? amountToInput(pricing.discount) : "",
    // A quote from before the form asked shows the mileage's default, as the sheet reads it.
    condition: vehicle.isNew === undefined ? "" : vehicle.isNew ? "new" : "used",
    msrp: vehicle.msrp === undefined ? "" : amountToInput(vehicle.msrp),
  };
}
