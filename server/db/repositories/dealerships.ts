import type { DealerProfile } from "@shared/core/api-types";
import type { InvitableRole } from "@shared/core/team-roles";

// Dealerships: the profile, the first-run checklist, invitations and the team audit. One repository of the storage seam (server/db/stores.ts).

/** A dealership as stored. */
export type DealershipRow = {
  id: string;
  dealershipName: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string;
  createdAt: number;
  updatedAt: number;
  checklistTaxesAt: number | null;
  checklistSharedAt: number | null;
  checklistDismissedAt: number | null;
};

/** A removed member's quotes changed since the caller read them: read them again (nothing stored). */
export class QuotesChangedError extends Error {
  constructor() {
    super("the member's quotes changed");
    this.name = "QuotesChangedError";
  }
}

/** The same ids, in any order (QuotesChangedError's check on both backends). */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === a.length && a.length === b.length && b.every((id) => set.has(id));
}

/** An unused, unexpired invitation, with its inviter's name ("" once the inviter is removed). */
type PendingInvitationRow = {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  inviterName: string;
  expiresAt: number;
  createdAt: number;
};

/** What the page an invitation link opens shows before asking for a password (#51). */
type InvitationPreviewRow = {
  email: string;
  role: InvitableRole;
  dealershipName: string;
  inviterName: string;
};

/** The inviter's name as the team page shows it; "" once they are removed. */
export const inviterName = (firstName: string | null, lastName: string | null): string =>
  `${firstName ?? ""} ${lastName ?? ""}`.trim();

/** One line of the team audit (team_events), names as they were at the time. */
export type AuditEntry = {
  dealershipId: string;
  at: number;
  actorId: string;
  actorName: string;
  action: string;
  detail: string;
};

export interface DealershipStore {
  /** The profile (empty strings where not filled in, and for an unknown id). */
  profile(id: string): Promise<DealerProfile>;
  updateProfile(id: string, profile: DealerProfile): Promise<void>;
  /** Whether any dealership exists (REGISTRATION=first). */
  any(): Promise<boolean>;
  /** The row (checklist marks) and whether the dealership has any quote yet. */
  checklist(id: string): Promise<{ row: DealershipRow | undefined; hasQuote: boolean }>;
  /** Sets a checklist mark the first time; later marks change nothing. */
  markChecklist(
    id: string,
    column: "checklistTaxesAt" | "checklistSharedAt" | "checklistDismissedAt",
    at: number,
  ): Promise<void>;
  /**
   * A new invitation and its audit line; the dealership's earlier unused invitations to the same
   * email are revoked (deleted) in the same transaction, so only the newest link works.
   */
  invite(
    invitation: {
      id: string;
      dealershipId: string;
      email: string;
      role: InvitableRole;
      invitedBy: string;
      tokenHash: string;
      expiresAt: number;
      createdAt: number;
    },
    audit: AuditEntry,
  ): Promise<void>;
  /** The dealership's unused invitations expiring after `now`, soonest to expire first. */
  pendingInvitations(dealershipId: string, now: number): Promise<PendingInvitationRow[]>;
  /** The unused invitation with this token hash expiring after `now`, with its dealership's name; else undefined. */
  invitationByToken(tokenHash: string, now: number): Promise<InvitationPreviewRow | undefined>;
  /**
   * Deletes the dealership's unused invitation (its link stops working) and writes the audit line
   * with it; false, writing nothing, for an unknown, used or another dealership's invitation.
   */
  revokeInvitation(dealershipId: string, id: string, audit: AuditEntry): Promise<boolean>;
  /** The newest audit lines first. */
  audit(dealershipId: string, limit: number): Promise<AuditEntry[]>;
}
