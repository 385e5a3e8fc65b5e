// Field rules shared by every form validator and every request-body schema: a
// rule takes the field's value and answers the message to show, or undefined.
// The React forms call the validators; the server's zod schemas wrap the same
// rules with `ruled`, so a rule and its message are written once.

import {
  MAX_EMAIL_LENGTH,
  MAX_TEXT_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "../core/constants";
import { digitsOnly, isValidZip } from "../core/format";
import { MSG } from "../text/messages";
import { hasVisibleCharacter, isPlainText, text } from "./schema-fields";

type Rule = (value: string) => string | undefined;
/** A validator's answer: one message per invalid field; {} means valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** Blank: nothing a reader can see (spaces, zero-width characters and the like count as nothing). */
export const isBlank = (value: string | null | undefined): boolean => !hasVisibleCharacter(value ?? "");

/** A basic address pattern (something@something.tld); the server's mail decides the rest. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= MAX_EMAIL_LENGTH && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export const hasErrors = (errors: object): boolean => Object.keys(errors).length > 0;

/** Builds a validator's answer from [field, message-or-undefined] pairs, first message per field. */
export function collect<F extends string>(
  checks: ReadonlyArray<readonly [F, string | undefined]>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, message] of checks) {
    if (message !== undefined && errors[field] === undefined) errors[field] = message;
  }
  return errors;
}

export const required =
  (message: string): Rule =>
  (value) =>
    isBlank(value)
      ? message
      : !isPlainText(value.trim())
        ? MSG.plainTextOnly
        : value.trim().length > MAX_TEXT_LENGTH
          ? MSG.textTooLong
          : undefined;

/** Optional free text: no control characters, bounded. */
export const optional: Rule = (value) =>
  !isPlainText(value.trim())
    ? MSG.plainTextOnly
    : value.trim().length > MAX_TEXT_LENGTH
      ? MSG.textTooLong
      : undefined;

/** Email: required first, then the pattern; the invalid message differs by form (spec §5). */
export const email =
  (invalidMessage: string): Rule =>
  (value) =>
    isBlank(value) ? MSG.emailRequired : isValidEmail(value) ? undefined : invalidMessage;

/** New password: required, 8..128 characters of anything; the minimum's wording differs by form. */
export const newPassword =
  (minMessage: string = MSG.passwordMinLength, requiredMessage: string = MSG.passwordRequired): Rule =>
  (value) => {
    if (value === "") return requiredMessage;
    if (value.length < PASSWORD_MIN_LENGTH) return minMessage;
    if (value.length > PASSWORD_MAX_LENGTH) return MSG.passwordTooLong;
    return undefined;
  };

/** A password being checked (login, current password): present and not absurdly long. */
export const existingPassword =
  (requiredMessage: string): Rule =>
  (value) =>
    value === "" ? requiredMessage : value.length > PASSWORD_MAX_LENGTH ? MSG.passwordTooLong : undefined;

export const confirmation = (
  password: string,
  confirm: string,
  requiredMessage?: string,
): string | undefined => {
  if (requiredMessage !== undefined && confirm === "") return requiredMessage;
  return confirm === password ? undefined : MSG.passwordsDoNotMatch;
};

/** Exactly `digits` digits once formatting is stripped; blank allowed unless required. */
export const phone =
  (digits: number, message: string, isRequired = false): Rule =>
  (value) => {
    const count = digitsOnly(value).length;
    if (count === 0) return isRequired ? message : undefined;
    return count === digits ? undefined : message;
  };

export const optionalZip: Rule = (value) =>
  isBlank(value) || isValidZip(value) ? undefined : MSG.zipInvalid;

export const optionalState: Rule = (value) =>
  isBlank(value) || /^[A-Za-z]{2}$/.test(value.trim()) ? undefined : MSG.stateInvalid;

/** A string field of a request body checked by a rule: missing reads as the rule's required message. */
export function ruled(rule: Rule, requiredMessage: string = MSG.expectedText) {
  return text(requiredMessage).superRefine((value, ctx) => {
    const message = rule(value);
    if (message !== undefined) ctx.addIssue({ code: "custom", message });
  });
}

/** An optional body field: absent, null and '' all mean "not given" and come out undefined. */
export function optionalRuled(rule: Rule) {
  return ruled(rule)
    .nullish()
    .transform((value) =>
      value === null || value === undefined || value.trim() === "" ? undefined : value.trim(),
    );
}
