import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { InvitableRole } from "@shared/permissions";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/connection";
import { invitations } from "../db/schema";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Only this hash is stored: a copy of the database must not let anyone join a dealership. */
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A new single-use invitation; answers the token for the link (never stored). */
export function createInvitation(
  db: Db,
  values: { dealershipId: string; email: string; role: InvitableRole; invitedBy: string },
  now = Date.now(),
): string {
  const token = randomBytes(32).toString("base64url");
  db.insert(invitations)
    .values({
      id: randomUUID(),
      ...values,
      tokenHash: hashToken(token),
      expiresAt: now + INVITATION_TTL_MS,
      usedAt: null,
      createdAt: now,
    })
    .run();
  return token;
}

export type ConsumedInvitation = { dealershipId: string; email: string; role: InvitableRole };

/**
 * Marks the invitation used and answers it, or null when unknown, expired or used. Called inside
 * the transaction that creates the member: a refused join leaves the invitation unused.
 */
export function consumeInvitation(
  db: Pick<Db, "update">,
  token: string,
  now = Date.now(),
): ConsumedInvitation | null {
  const row = db
    .update(invitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(invitations.tokenHash, hashToken(token)),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ dealershipId: invitations.dealershipId, email: invitations.email, role: invitations.role })
    .get();
  return row ?? null;
}

/** The invitation email's link: from APP_URL only, never from a request's Host header. */
export const invitationLink = (appUrl: string, token: string) =>
  `${appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
