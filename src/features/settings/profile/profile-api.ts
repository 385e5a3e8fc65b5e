// The /auth calls of the account and dealership pages (spec §7).
import type { PublicUser } from "@shared/core/api-types";
import type { ChangeEmailBody, ChangePasswordBody } from "@shared/validation/account";
import type { ProfileBody } from "@shared/validation/dealership";
import { apiRequest } from "@/lib/api";

type UserAnswer = { user: PublicUser };

export const updateAccount = (firstName: string, lastName: string) =>
  apiRequest<UserAnswer>("/auth/account", { method: "PUT", auth: true, body: { firstName, lastName } });

export const updateProfile = (body: ProfileBody) =>
  apiRequest<UserAnswer>("/auth/profile", { method: "PUT", auth: true, body });

export const changeEmail = (body: ChangeEmailBody) =>
  apiRequest<UserAnswer>("/auth/email", { method: "PUT", auth: true, body });

/** Answers a fresh token: the password change revokes every older one, this session's included. */
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<{ message: string; token: string }>("/auth/password", { method: "PUT", auth: true, body });
