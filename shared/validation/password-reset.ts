// Forgot password and reset password (spec §5).

import { z } from "../core/zod";
import {
  collect,
  confirmation,
  email,
  type FieldErrors,
  newPassword,
  required,
  ruled,
} from "../schemas/field-rules";
import { MSG } from "../text/messages";
import { emailField } from "./register";

export interface ForgotPasswordValues {
  email: string;
}

export function validateForgotPassword(values: ForgotPasswordValues): FieldErrors<"email"> {
  return collect([["email", email(MSG.emailInvalidAddress)(values.email)]]);
}

export interface ResetPasswordValues {
  password: string;
  confirmPassword: string;
}

// The spec's reset form has no 'Please confirm your password'; an empty
// confirmation of a non-empty password simply does not match.
export function validateResetPassword(values: ResetPasswordValues): FieldErrors<keyof ResetPasswordValues> {
  return collect<keyof ResetPasswordValues>([
    ["password", newPassword()(values.password)],
    ["confirmPassword", confirmation(values.password, values.confirmPassword)],
  ]);
}

/** POST /auth/request-reset. */
export const requestResetBodySchema = z.object({ email: emailField(MSG.emailInvalidAddress) });
export type RequestResetBody = z.infer<typeof requestResetBodySchema>;

/** POST /auth/reset-password. */
export const resetPasswordBodySchema = z.object({
  token: ruled(required(MSG.tokenRequired), MSG.tokenRequired).trim(),
  password: ruled(newPassword(), MSG.passwordRequired),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;
