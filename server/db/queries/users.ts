import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { UserRow } from "../repositories/users";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";
import type { Invitations, Users } from "./dealerships";
import type { Quotes } from "./quotes";

// The users and reset-token stores' drizzle text, built once for both backends (sqlite/users.ts and
// postgres/users.ts run it; see quotes.ts here on the selections' types).

export type ResetTokens = typeof lite.passwordResetTokens | typeof pg.passwordResetTokens;

/** The member, if they belong to the dealership. */
export const memberOf = (t: Users, dealershipId: string, id: string) =>
  and(eq(t.id, id), eq(t.dealershipId, dealershipId));

/**
 * Issue #33: the quotes of the user's dealership, whose state moves when a member's role or
 * membership changes (the live rights of whoever works them are read again).
 */
export const quotesOfUsersDealership = (quotes: Quotes, users: Users, userId: string) =>
  eq(quotes.dealerId, sql`(SELECT ${users.dealershipId} FROM ${users} WHERE ${users.id} = ${userId})`);

/** What an accepted invitation gives the new member. */
export const invitedColumns = <T extends Invitations>(t: T): Pick<T, "dealershipId" | "email" | "role"> => ({
  dealershipId: t.dealershipId,
  email: t.email,
  role: t.role,
});

/** The member's columns set by a new role: tokens issued before `now` die. */
export const roleChanged = (role: UserRow["role"], now: number) => ({
  role,
  tokensValidAfter: now,
  updatedAt: now,
});

/** The member an invitation makes: its email, dealership and role; tokens valid from `now`. */
export const invitedMember = (
  member: Pick<UserRow, "id" | "passwordHash" | "firstName" | "lastName">,
  invitation: Pick<UserRow, "dealershipId" | "email" | "role">,
  now: number,
): UserRow => ({
  ...member,
  email: invitation.email,
  dealershipId: invitation.dealershipId,
  role: invitation.role,
  tokensValidAfter: now,
  createdAt: now,
  updatedAt: now,
});

/** A reset link that still works at `now` ("use once": the UPDATE that uses it sets used_at). */
export const openResetToken = (t: ResetTokens, tokenHash: string, now: number) =>
  and(eq(t.tokenHash, tokenHash), isNull(t.usedAt), gt(t.expiresAt, now));
