// Register and login (spec §5): the form's validator, the request bodies the
// server parses, and the body the form sends (optional fields omitted when empty).

import { DEALER_PHONE_DIGITS } from "../core/constants";
import { digitsOnly } from "../core/format";
import { z } from "../core/zod";
import {
  collect,
  confirmation,
  email,
  existingPassword,
  type FieldErrors,
  newPassword,
  optional,
  optionalRuled,
  optionalState,
  optionalZip,
  phone,
  required,
  ruled,
} from "../schemas/field-rules";
import { MSG } from "../text/messages";

export interface RegisterValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  dealershipName?: string;
  streetAddress?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  phoneNumber?: string;
}
type RegisterField = keyof RegisterValues;

const registerPhone = phone(DEALER_PHONE_DIGITS, MSG.phone10Digits);

export function validateRegister(values: RegisterValues): FieldErrors<RegisterField> {
  return collect<RegisterField>([
    ["email", email(MSG.emailInvalid)(values.email)],
    ["password", newPassword()(values.password)],
    ["confirmPassword", confirmation(values.password, values.confirmPassword, MSG.confirmPasswordRequired)],
    ["firstName", required(MSG.firstNameRequired)(values.firstName)],
    ["lastName", required(MSG.lastNameRequired)(values.lastName)],
    ["dealershipName", optional(values.dealershipName ?? "")],
    ["streetAddress", optional(values.streetAddress ?? "")],
    ["city", optional(values.city ?? "")],
    ["state", optionalState(values.state ?? "")],
    ["zipCode", optionalZip(values.zipCode ?? "")],
    ["phoneNumber", registerPhone(values.phoneNumber ?? "")],
  ]);
}

/** Emails are stored and compared trimmed and lower-case (docs/decisions/009). */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

export const emailField = (invalidMessage: string) =>
  ruled(email(invalidMessage), MSG.emailRequired).transform(normalizeEmail);

/** POST /auth/register. Optional profile fields may be absent, null or ''. */
export const registerBodySchema = z.object({
  email: emailField(MSG.emailInvalid),
  password: ruled(newPassword(), MSG.passwordRequired),
  firstName: ruled(required(MSG.firstNameRequired), MSG.firstNameRequired).trim(),
  lastName: ruled(required(MSG.lastNameRequired), MSG.lastNameRequired).trim(),
  dealershipName: optionalRuled(optional),
  streetAddress: optionalRuled(optional),
  city: optionalRuled(optional),
  state: optionalRuled(optionalState).transform((value) => value?.toUpperCase()),
  zipCode: optionalRuled(optionalZip),
  phoneNumber: optionalRuled(registerPhone).transform((value) => (value ? digitsOnly(value) : undefined)),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The call's payload: trimmed, phone as digits, empty optional fields left out (spec §5). */
export function registerBody(values: RegisterValues): z.input<typeof registerBodySchema> {
  const body: Record<string, string> = {
    email: values.email.trim(),
    password: values.password,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
  };
  const optionalFields = {
    dealershipName: values.dealershipName,
    streetAddress: values.streetAddress,
    city: values.city,
    state: values.state?.toUpperCase(),
    zipCode: values.zipCode,
    phoneNumber: values.phoneNumber === undefined ? undefined : digitsOnly(values.phoneNumber),
  };
  for (const [key, value] of Object.entries(optionalFields)) {
    if (value !== undefined && value.trim() !== "") body[key] = value.trim();
  }
  return body as z.input<typeof registerBodySchema>;
}

/** POST /auth/login: the spec has no client-side rules; the server needs both fields present. */
export const loginBodySchema = z.object({
  email: ruled(required(MSG.emailRequired), MSG.emailRequired).transform(normalizeEmail),
  password: ruled(existingPassword(MSG.passwordRequired), MSG.passwordRequired),
});
export type LoginBody = z.infer<typeof loginBodySchema>;
