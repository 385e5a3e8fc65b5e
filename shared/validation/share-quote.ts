// The share-quote dialog (spec §5): customer name, optional email and phone.

import { CUSTOMER_PHONE_DIGITS } from "../core/constants";
import { customerPhoneDigits, digitsOnly } from "../core/format";
import { collect, type FieldErrors, isBlank, isValidEmail, required } from "../schemas/field-rules";
import type { CustomerInfo } from "../schemas/quote-schema";
import { MSG } from "../text/messages";

export interface ShareQuoteValues {
  name: string;
  email: string;
  /** As typed or formatted: '1 (555) 123-4567'. */
  phone: string;
}
export type ShareQuoteField = keyof ShareQuoteValues;

const phoneIsComplete = (raw: string): boolean => customerPhoneDigits(raw).length === CUSTOMER_PHONE_DIGITS;

export function validateShareQuote(values: ShareQuoteValues): FieldErrors<ShareQuoteField> {
  return collect<ShareQuoteField>([
    ["name", required(MSG.customerNameRequired)(values.name)],
    ["email", isBlank(values.email) || isValidEmail(values.email) ? undefined : MSG.emailInvalidAddress],
    [
      "phone",
      digitsOnly(values.phone) === "" || phoneIsComplete(values.phone) ? undefined : MSG.phoneIncomplete,
    ],
  ]);
}

/** The Email button needs a valid address. */
export const canEmail = (values: Pick<ShareQuoteValues, "email">): boolean =>
  !isBlank(values.email) && isValidEmail(values.email);

/** The Text button needs a complete phone number. */
export const canText = (values: Pick<ShareQuoteValues, "phone">): boolean => phoneIsComplete(values.phone);

/** What is saved: name and email trimmed, phone as its 11 digits; blanks left out. */
export function customerInfoFromShare(values: ShareQuoteValues): CustomerInfo {
  const info: CustomerInfo = { name: values.name.trim() };
  const email = values.email.trim();
  if (email !== "") info.email = email;
  const phone = customerPhoneDigits(values.phone);
  if (phone !== "") info.phone = phone;
  return info;
}
