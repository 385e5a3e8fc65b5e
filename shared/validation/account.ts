// Account page, change email and change password (spec §5).

import { z } from "../core/zod";
import {
  collect,
  confirmation,
  existingPassword,
  type FieldErrors,
  hasErrors,
  isValidEmail,
  newPassword,
  required,
  ruled,
} from "../schemas/field-rules";
import { MSG } from "../text/messages";
import { emailField, normalizeEmail } from "./register";

export interface ChangeEmailValues {
  newEmail: string;
  currentPassword: string;
}

const currentPassword = existingPassword(MSG.currentPasswordRequired);

/** The new email must be valid and differ (case-insensitively) from the current one. */
export function validateChangeEmail(
  values: ChangeEmailValues,
  currentEmail: string,
): FieldErrors<keyof ChangeEmailValues> {
  const newEmail = values.newEmail;
  let emailMessage: string | undefined;
  if (!isValidEmail(newEmail)) emailMessage = MSG.emailInvalidAddress;
  else if (normalizeEmail(newEmail) === normalizeEmail(currentEmail)) emailMessage = MSG.emailUnchanged;
  return collect<keyof ChangeEmailValues>([
    ["newEmail", emailMessage],
    ["currentPassword", currentPassword(values.currentPassword)],
  ]);
}

/** Save is disabled until the dialog would pass. */
export const canSaveChangeEmail = (values: ChangeEmailValues, currentEmail: string): boolean =>
  !hasErrors(validateChangeEmail(values, currentEmail));

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

// An empty new password is shorter than the minimum, so it gets the
// minimum's message, which is the only wording the spec gives this dialog.
const changedPassword = newPassword(MSG.passwordMinLengthLong, MSG.passwordMinLengthLong);

export function validateChangePassword(
  values: ChangePasswordValues,
): FieldErrors<keyof ChangePasswordValues> {
  return collect<keyof ChangePasswordValues>([
    ["currentPassword", currentPassword(values.currentPassword)],
    ["newPassword", changedPassword(values.newPassword)],
    ["confirmPassword", confirmation(values.newPassword, values.confirmPassword)],
  ]);
}

export interface AccountValues {
  firstName: string;
  lastName: string;
}

export function validateAccount(values: AccountValues): FieldErrors<keyof AccountValues> {
  return collect<keyof AccountValues>([
    ["firstName", required(MSG.firstNameRequired)(values.firstName)],
    ["lastName", required(MSG.lastNameRequired)(values.lastName)],
  ]);
}

/** Save is enabled only when the first or last name changed (and both are valid). */
export function canSaveAccount(values: AccountValues, saved: AccountValues): boolean {
  const changed =
    values.firstName.trim() !== saved.firstName.trim() || values.lastName.trim() !== saved.lastName.trim();
  return changed && !hasErrors(validateAccount(values));
}

/** PUT /auth/email. Whether it differs from the stored email is the route's check. */
export const changeEmailBodySchema = z.object({
  newEmail: emailField(MSG.emailInvalidAddress),
  currentPassword: ruled(currentPassword, MSG.currentPasswordRequired),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

/** PUT /auth/password. */
export const changePasswordBodySchema = z.object({
  currentPassword: ruled(currentPassword, MSG.currentPasswordRequired),
  newPassword: ruled(changedPassword, MSG.passwordMinLengthLong),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** PUT /auth/account. */
export const accountBodySchema = z.object({
  firstName: ruled(required(MSG.firstNameRequired), MSG.firstNameRequired).trim(),
  lastName: ruled(required(MSG.lastNameRequired), MSG.lastNameRequired).trim(),
});
export type AccountBody = z.infer<typeof accountBodySchema>;
