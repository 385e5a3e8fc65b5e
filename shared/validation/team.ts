// Dealership teams (#20): the bodies of the team API, shared by the server and the team page.

import { INVITABLE_ROLES } from "../core/team-roles";
import { z } from "../core/zod";
import { newPassword, required, ruled } from "../schemas/field-rules";
import { MSG } from "../text/messages";
import { emailField } from "./register";

const ROLE_INVALID = "Choose manager or salesperson";

const invitableRole = z.enum(INVITABLE_ROLES, { error: ROLE_INVALID });

export const invitationBodySchema = z.object({ email: emailField(MSG.emailInvalid), role: invitableRole });
export type InvitationBody = z.infer<typeof invitationBodySchema>;

export const roleBodySchema = z.object({ role: invitableRole });

export const acceptInvitationBodySchema = z.object({
  token: z
    .string({ error: MSG.invitationInvalid })
    .min(1, MSG.invitationInvalid)
    .max(200, MSG.invitationInvalid),
  firstName: ruled(required(MSG.firstNameRequired), MSG.firstNameRequired).trim(),
  lastName: ruled(required(MSG.lastNameRequired), MSG.lastNameRequired).trim(),
  password: ruled(newPassword(), MSG.passwordRequired),
});

export const reassignBodySchema = z.object({
  userId: z
    .string({ error: MSG.salespersonNotFound })
    .min(1, MSG.salespersonNotFound)
    .max(100, MSG.salespersonNotFound),
});
