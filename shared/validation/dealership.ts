// Dealership information page (spec §5) and PUT /auth/profile.

import { DEALER_PHONE_DIGITS } from "../core/constants";
import { digitsOnly, normalizeState } from "../core/format";
import { z } from "../core/zod";
import {
  collect,
  type FieldErrors,
  hasErrors,
  optional,
  optionalState,
  optionalZip,
  phone,
  required,
  ruled,
} from "../schemas/field-rules";
import { MSG } from "../text/messages";

export interface DealershipValues {
  dealershipName: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
}
type DealershipField = keyof DealershipValues;

const dealershipPhone = phone(DEALER_PHONE_DIGITS, MSG.phoneInvalid, true);

export function validateDealership(values: DealershipValues): FieldErrors<DealershipField> {
  return collect<DealershipField>([
    ["dealershipName", required(MSG.dealershipNameRequired)(values.dealershipName)],
    ["streetAddress", optional(values.streetAddress)],
    ["city", optional(values.city)],
    ["state", optionalState(values.state)],
    ["zipCode", optionalZip(values.zipCode)],
    ["phoneNumber", dealershipPhone(values.phoneNumber)],
  ]);
}

const comparable = (values: DealershipValues): string =>
  JSON.stringify([
    values.dealershipName.trim(),
    values.streetAddress.trim(),
    values.city.trim(),
    normalizeState(values.state),
    values.zipCode.trim(),
    digitsOnly(values.phoneNumber),
  ]);

/** Save is enabled only when something changed (formatting aside) and the form is valid. */
export function canSaveDealership(values: DealershipValues, saved: DealershipValues): boolean {
  return comparable(values) !== comparable(saved) && !hasErrors(validateDealership(values));
}

/** An optional profile field of the body: absent or null is '' so that a cleared field is stored cleared. */
const optionalProfileField = (rule: typeof optional) =>
  ruled(rule)
    .trim()
    .nullish()
    .transform((value) => value ?? "");

/** PUT /auth/profile: phone saved as its 10 digits, state uppercased. */
export const profileBodySchema = z.object({
  dealershipName: ruled(required(MSG.dealershipNameRequired), MSG.dealershipNameRequired).trim(),
  streetAddress: optionalProfileField(optional),
  city: optionalProfileField(optional),
  state: optionalProfileField(optionalState).transform((value) => value.toUpperCase()),
  zipCode: optionalProfileField(optionalZip),
  phoneNumber: ruled(dealershipPhone, MSG.phoneInvalid).transform(digitsOnly),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/** The call's payload from the form (spec §7: phone as digits). */
export const profileBody = (values: DealershipValues): ProfileBody => ({
  dealershipName: values.dealershipName.trim(),
  streetAddress: values.streetAddress.trim(),
  city: values.city.trim(),
  state: normalizeState(values.state),
  zipCode: values.zipCode.trim(),
  phoneNumber: digitsOnly(values.phoneNumber),
});
