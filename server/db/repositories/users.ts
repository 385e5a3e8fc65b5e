import type { DealerProfile } from "@shared/core/api-types";
import type { AuditEntry } from "./dealerships";
import type { HandoffEventRecord } from "./handoff";

// The members of a dealership and their password reset tokens. One repository of the storage seam (server/db/stores.ts).

/** A member of a dealership as stored. */
export type UserRow = {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  createdAt: number;
  updatedAt: number;
  dealershipId: string;
  role: "owner" | "manager" | "salesperson";
  tokensValidAfter: number;
};

/** The unique email index refused a row (two sign-ups racing, or an email taken meanwhile). */
export class EmailTakenError extends Error {
  constructor() {
    super("email taken");
    this.name = "EmailTakenError";
  }
}

/** REGISTRATION=first: a dealership exists already, so this sign-up created nothing. */
export class RegistrationClosedError extends Error {
  constructor() {
    super("registration closed");
    this.name = "RegistrationClosedError";
  }
}

export type UserChanges = Partial<
  Pick<UserRow, "email" | "passwordHash" | "firstName" | "lastName" | "tokensValidAfter">
>;

export interface UserStore {
  byId(id: string): Promise<UserRow | undefined>;
  byEmail(email: string): Promise<UserRow | undefined>;
  /** `tokens_valid_after` of each of these users that still exists (the live token watch). */
  tokensValidAfter(ids: readonly string[]): Promise<Map<string, number>>;
  /** Changes the user's own fields (updated_at too); throws EmailTakenError on a taken email. */
  update(id: string, changes: UserChanges): Promise<UserRow | undefined>;
  /** The members of a dealership. */
  members(dealershipId: string): Promise<UserRow[]>;
  /** Every account of the server, by email (the `dealdesk users list` command). */
  all(): Promise<UserRow[]>;
  /** One member of the dealership, or undefined (unknown id or another dealership's). */
  member(dealershipId: string, id: string): Promise<UserRow | undefined>;
  /**
   * A new dealership and its owner, together or not at all; throws EmailTakenError. With
   * `onlyFirst` (REGISTRATION=first) the same transaction makes sure no dealership exists yet and
   * keeps any other sign-up from creating one meanwhile; else it throws RegistrationClosedError.
   */
  registerOwner(
    profile: DealerProfile,
    owner: Omit<UserRow, "dealershipId" | "role">,
    options?: { onlyFirst?: boolean },
  ): Promise<UserRow>;
  /**
   * Uses the invitation (by its token's hash) and creates the member with its email, dealership and
   * role, plus the audit line, in one transaction. Null when the invitation is unknown, used or
   * expired; throws EmailTakenError (the invitation then stays unused).
   */
  acceptInvitation(
    tokenHash: string,
    now: number,
    member: Pick<UserRow, "id" | "passwordHash" | "firstName" | "lastName">,
    audit: (user: UserRow) => AuditEntry,
  ): Promise<UserRow | null>;
  /** A new role; tokens issued before `now` die (live sockets were admitted under the old role). */
  changeRole(id: string, role: UserRow["role"], now: number, audit: AuditEntry): Promise<void>;
  /**
   * Removes the member; their quotes pass to `heirId`. `handoff` (issue #39): the quotes the caller
   * built `quote.reassigned` events for, stored in the same transaction; when the member's quotes
   * are not exactly those (one was made meanwhile), QuotesChangedError is thrown and nothing changes.
   */
  remove(
    id: string,
    heirId: string,
    audit: AuditEntry,
    handoff?: { quoteIds: readonly string[]; events: readonly HandoffEventRecord[] },
  ): Promise<void>;
}

export interface ResetTokenStore {
  /** Stores a new token for the user, dropping the older ones (only the newest link works). */
  replace(row: {
    id: string;
    userId: string;
    tokenHash: string;
    expiresAt: number;
    createdAt: number;
  }): Promise<void>;
  /** Marks the token used and answers its user, or null when unknown, expired or already used. */
  consume(tokenHash: string, now: number): Promise<string | null>;
  drop(userId: string): Promise<void>;
}
