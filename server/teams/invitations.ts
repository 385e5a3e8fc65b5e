import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { InvitableRole } from "@shared/core/team-roles";
import type { AuditEntry, DealershipStore } from "../db/repositories/dealerships";

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Only this hash is stored: a copy of the database must not let anyone join a dealership. */
export const hashInvitationToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new single-use invitation with its audit line (the dealership's older ones to the address are
 * revoked); answers its id and the token for the link (never stored).
 */
export async function createInvitation(
  dealerships: DealershipStore,
  values: { dealershipId: string; email: string; role: InvitableRole; invitedBy: string },
  audit: AuditEntry,
  now = Date.now(),
): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  await dealerships.invite(
    {
      id,
      ...values,
      tokenHash: hashInvitationToken(token),
      expiresAt: now + INVITATION_TTL_MS,
      createdAt: now,
    },
    audit,
  );
  return { id, token };
}

/** The invitation email's link: from APP_URL only, never from a request's Host header. */
export const invitationLink = (appUrl: string, token: string) =>
  `${appUrl}/accept-invitation?token=${encodeURIComponent(token)}`;
