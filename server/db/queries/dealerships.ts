import type { DealerProfile } from "@shared/core/api-types";
import { and, asc, desc, eq, gt, isNull, type SQL } from "drizzle-orm";
import type * as lite from "../schema";
import type * as pg from "../schema.pg";

// The dealerships store's drizzle text, built once for both backends (sqlite/dealerships.ts and
// postgres/dealerships.ts run it; see quotes.ts here on the selections' types). users.ts here reads
// the invitation conditions too.

export type Dealerships = typeof lite.dealerships | typeof pg.dealerships;
export type Invitations = typeof lite.invitations | typeof pg.invitations;
export type TeamEvents = typeof lite.teamEvents | typeof pg.teamEvents;
export type Users = typeof lite.users | typeof pg.users;

/** The six profile columns only: a parsed request body may carry more keys than these. */
export const profileColumns = (profile: DealerProfile): DealerProfile => ({
  dealershipName: profile.dealershipName,
  streetAddress: profile.streetAddress,
  city: profile.city,
  state: profile.state,
  zipCode: profile.zipCode,
  phoneNumber: profile.phoneNumber,
});

/** The dealership, while the checklist mark is not set: the first time counts. */
export const unmarked = (
  t: Dealerships,
  id: string,
  column: "checklistTaxesAt" | "checklistSharedAt" | "checklistDismissedAt",
) => and(eq(t.id, id), isNull(t[column]));

/** The dealership's unused invitations to the email: only the newest link works. */
export const earlierLinks = (t: Invitations, dealershipId: string, email: string) =>
  and(eq(t.dealershipId, dealershipId), eq(t.email, email), isNull(t.usedAt));

/** The invitation of a link that still works at `now`. */
export const openInvitation = (t: Invitations, tokenHash: string, now: number) =>
  and(eq(t.tokenHash, tokenHash), isNull(t.usedAt), gt(t.expiresAt, now));

/** The inviter of an invitation (a left join: the member may be gone). */
export const inviter = (users: Users, t: Invitations) => eq(users.id, t.invitedBy);

export const pendingColumns = <I extends Invitations, U extends Users>(
  t: I,
  users: U,
): Pick<I, "id" | "email" | "role" | "invitedBy" | "expiresAt" | "createdAt"> &
  Pick<U, "firstName" | "lastName"> => ({
  id: t.id,
  email: t.email,
  role: t.role,
  invitedBy: t.invitedBy,
  firstName: users.firstName,
  lastName: users.lastName,
  expiresAt: t.expiresAt,
  createdAt: t.createdAt,
});

/** The dealership's invitations still open at `now`, soonest to expire first (`pendingOrder`). */
export const pending = (t: Invitations, dealershipId: string, now: number) =>
  and(eq(t.dealershipId, dealershipId), isNull(t.usedAt), gt(t.expiresAt, now));

export const pendingOrder = (t: Invitations): SQL[] => [asc(t.expiresAt), asc(t.email)];

/** What the invitation page shows of a link: the role, the dealership and who sent it. */
export const linkColumns = <I extends Invitations, D extends Dealerships, U extends Users>(
  t: I,
  dealerships: D,
  users: U,
): Pick<I, "email" | "role"> & Pick<D, "dealershipName"> & Pick<U, "firstName" | "lastName"> => ({
  email: t.email,
  role: t.role,
  dealershipName: dealerships.dealershipName,
  firstName: users.firstName,
  lastName: users.lastName,
});

export const invitingDealership = (dealerships: Dealerships, t: Invitations) =>
  eq(dealerships.id, t.dealershipId);

/** An unused invitation of the dealership's (a used one is a member now). */
export const revocable = (t: Invitations, dealershipId: string, id: string) =>
  and(eq(t.id, id), eq(t.dealershipId, dealershipId), isNull(t.usedAt));

/** The team audit's lines, newest first (`newestAudit`). */
export const auditColumns = <T extends TeamEvents>(
  t: T,
): Pick<T, "dealershipId" | "at" | "actorId" | "actorName" | "action" | "detail"> => ({
  dealershipId: t.dealershipId,
  at: t.at,
  actorId: t.actorId,
  actorName: t.actorName,
  action: t.action,
  detail: t.detail,
});

export const newestAudit = (t: TeamEvents) => desc(t.id);
