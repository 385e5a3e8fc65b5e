import type { InvitableRole, TeamRole } from "./team-roles";
// Shapes the REST API answers with (spec §3 and §7), shared by the server and the React app.

export type DealerProfile = {
  dealershipName: string;
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  /** Ten digits, no formatting. */
  phoneNumber: string;
};

export type PublicUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The member's role in the dealership (shared/rules/permissions.ts); the UI mirrors what it allows. */
  role: TeamRole;
  dealerProfile: DealerProfile;
};

/**
 * Who the quote comes from, in GET /api/quotes/{id} (every viewer): the owner's dealership profile
 * and name. The shopper's page leads with it; phone is ten digits or ''.
 */
export type QuoteDealership = DealerProfile & { consultant: string };

/** One member in GET /api/team. */
export type TeamMember = { id: string; email: string; firstName: string; lastName: string; role: TeamRole };

/** One pending invitation of GET /api/team/invitations (owners); `invitedBy` is the inviter's name. */
export type PendingInvitation = {
  id: string;
  email: string;
  role: InvitableRole;
  invitedBy: string;
  expiresAt: string;
};

/**
 * POST /api/team/invitations (#51): "sent" once the mail server accepted the mail; "outbox" when no
 * mail server is set up, with the file the mail was written to and the link for the owner to hand over.
 */
export type InvitationSentResponse =
  | { message: string; delivery: "sent" }
  | { message: string; delivery: "outbox"; outboxFile: string; link: string };

/** GET /api/auth/invitation?token=… (#51): what the link joins, shown before a password is asked. */
export type InvitationPreview = {
  email: string;
  role: InvitableRole;
  dealershipName: string;
  invitedBy: string;
};

/** One entry of GET /api/team/audit (owners): who did what, when. */
export type TeamAuditEntry = { at: string; actor: string; action: string; detail: string };

export type AuthResponse = { token: string; user: PublicUser };

/** One row of GET /api/quotes: listing columns only, never the document. */
export type QuoteListItem = {
  id: string;
  created_at: string;
  expires_at: string;
  vehicleDescription: string;
  customerName: string;
  /** The member working the deal (the desk log filters on it). */
  salesperson: { id: string; name: string };
  /** The deal's out-the-door price in dollars; null while it cannot be priced. */
  outTheDoorPrice: number | null;
  /** Issue #19: the shopper accepted a version and the deal is locked. */
  accepted: boolean;
  /**
   * Issue #38: the deal's total gross in dollars (null: not known, e.g. no vehicle cost); present
   * only for members who see gross (owners, managers, salespeople when the owner turned it on).
   */
  gross?: number | null;
};

export type ApiErrorBody = {
  message?: string;
  errors?: { field?: string; message?: string; msg?: string }[];
};

/** Items of GET/POST/PUT /api/dealer-defaults/{addons,taxes,dealer-fees,government-fees}, in dollars. */
/** Issue #38: `cost` is dealer-private (the add-on gross); absent when not entered. */
export type DefaultAddOn = { id: string; name: string; description: string; price: number; cost?: number };
export type DefaultTax = { id: string; description: string; rate: number; baseCap?: number };
export type DefaultFee = { id: string; name: string; description: string; amount: number };
