// The /auth calls of the signed-out pages (spec §7).
import type { AuthResponse, InvitationPreview } from "@shared/core/api-types";
import type { RegisterValues } from "@shared/validation/register";
import { registerBody } from "@shared/validation/register";
import { apiRequest } from "@/lib/api";

export const logIn = (email: string, password: string) =>
  apiRequest<AuthResponse>("/auth/login", { method: "POST", body: { email, password } });

/** Optional dealership fields are left out of the call when empty (spec §5). */
export const registerDealer = (values: RegisterValues) =>
  apiRequest<AuthResponse>("/auth/register", { method: "POST", body: registerBody(values) });

/** Whether REGISTRATION lets a new dealership register now. */
export const registrationStatus = () => apiRequest<{ open: boolean }>("/auth/registration");

export const requestPasswordReset = (email: string) =>
  apiRequest<{ message: string }>("/auth/request-reset", { method: "POST", body: { email: email.trim() } });

export const resetPassword = (token: string, password: string) =>
  apiRequest<{ message: string }>("/auth/reset-password", { method: "POST", body: { token, password } });

// Issue #53: joining by an invitation link is the auth feature's; the team page sends the invitations.
export const acceptInvitation = (body: {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
}) => apiRequest<AuthResponse>("/auth/accept-invitation", { method: "POST", body });

/** What an invitation link joins (#51), for the page it opens. */
export const invitationPreview = (token: string) =>
  apiRequest<InvitationPreview>(`/auth/invitation?token=${encodeURIComponent(token)}`);
