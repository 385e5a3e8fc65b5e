import type { DealerProfile } from "@shared/core/api-types";
import type { InvitableRole } from "@shared/core/team-roles";
import * as Y from "yjs";
import type { AuditEntry } from "../../db/repositories/dealerships";
import type { RestEvent } from "../../db/repositories/history";
import type { QuoteRow } from "../../db/repositories/quotes";
import type { UserRow } from "../../db/repositories/users";
import type { Stores } from "../../db/stores";

// Rows the storage contract (../store-contract.ts) builds its cases from, written through the
// stores themselves: a dealership comes from registering its owner, a member from an invitation.

/** A fixed clock far from the epoch, so that bigint and integer columns both carry it. */
export const T0 = 1_790_000_000_000;

/** The stores of the running case: a freshly opened, empty database each time. */
export type CurrentStores = () => Stores;

export const PROFILE: DealerProfile = {
  dealershipName: "Lee Motors",
  streetAddress: "1 Main St",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
  phoneNumber: "5125550100",
};

let serial = 0;
/** A fresh id for rows the test does not name. */
export const nextId = (prefix: string) => {
  serial += 1;
  return `${prefix}-${serial}`;
};

export function ownerRow(email: string, at = T0): Omit<UserRow, "dealershipId" | "role"> {
  return {
    id: nextId("owner"),
    email,
    passwordHash: `hash of ${email}`,
    firstName: "Ann",
    lastName: "Lee",
    tokensValidAfter: at,
    createdAt: at,
    updatedAt: at,
  };
}

export function registerOwner(stores: Stores, email: string, profile = PROFILE): Promise<UserRow> {
  return stores.users.registerOwner(profile, ownerRow(email));
}

export function auditEntry(actor: UserRow, action: string, detail: string, at = T0): AuditEntry {
  return {
    dealershipId: actor.dealershipId,
    at,
    actorId: actor.id,
    actorName: `${actor.firstName} ${actor.lastName}`,
    action,
    detail,
  };
}

/** An invitation from `owner`, stored with its audit line; answers the token's hash. */
export async function invite(
  stores: Stores,
  owner: UserRow,
  email: string,
  role: InvitableRole,
  expiresAt = T0 + 1_000_000,
): Promise<string> {
  const tokenHash = nextId("token-hash");
  await stores.dealerships.invite(
    {
      id: nextId("invitation"),
      dealershipId: owner.dealershipId,
      email,
      role,
      invitedBy: owner.id,
      tokenHash,
      expiresAt,
      createdAt: T0,
    },
    auditEntry(owner, "invited", `${email} as ${role}`),
  );
  return tokenHash;
}

/** A member of the owner's dealership, through an invitation. */
export async function addMember(
  stores: Stores,
  owner: UserRow,
  email: string,
  role: InvitableRole,
  firstName = "Sam",
): Promise<UserRow> {
  const tokenHash = await invite(stores, owner, email, role);
  const member = await stores.users.acceptInvitation(
    tokenHash,
    T0 + 10,
    { id: nextId("member"), passwordHash: "hash", firstName, lastName: "Seller" },
    (user) => auditEntry(user, "joined", `${user.email} as ${user.role}`, T0 + 10),
  );
  if (!member) throw new Error("the invitation was refused");
  return member;
}

export function quoteRow(
  salesperson: Pick<UserRow, "id" | "dealershipId">,
  id: string,
  overrides: Partial<QuoteRow> = {},
): QuoteRow {
  return {
    id,
    dealerId: salesperson.dealershipId,
    salespersonId: salesperson.id,
    stateSeq: 0,
    createdAt: T0,
    expiresAt: T0 + 30 * 86_400_000,
    updatedAt: T0,
    vehicleDescription: `Vehicle of ${id}`,
    customerName: "",
    outTheDoorCents: null,
    stockNumber: null,
    selectedStructure: null,
    monthlyCents: null,
    grossCents: null,
    sharedAt: null,
    openedAt: null,
    acceptedAt: null,
    lockedAt: null,
    acceptedVersion: null,
    inventoryId: null,
    ...overrides,
  };
}

/** Real Yjs states: the deal names its vehicle, the private document starts empty. */
export function documentStates(vehicle: string): {
  deal: Uint8Array;
  private: Uint8Array;
  economics: Uint8Array;
} {
  const deal = new Y.Doc();
  deal.getMap("deal").set("vehicle", vehicle);
  const states = {
    deal: Y.encodeStateAsUpdateV2(deal),
    private: Y.encodeStateAsUpdateV2(new Y.Doc()),
    economics: Y.encodeStateAsUpdateV2(new Y.Doc()),
  };
  deal.destroy();
  return states;
}

/** Creates the quote with its documents; answers the stored row as given. */
export async function createQuote(
  stores: Stores,
  salesperson: Pick<UserRow, "id" | "dealershipId">,
  id: string,
  overrides: Partial<QuoteRow> = {},
): Promise<QuoteRow> {
  const row = quoteRow(salesperson, id, overrides);
  await stores.quotes.create(row, documentStates(row.vehicleDescription));
  return row;
}

/** Plain bytes, so a Buffer and a Uint8Array of the same content compare equal. */
export const bytes = (value: Uint8Array) => Array.from(value);

/** A history row written by the owner through a REST call. */
export const dealerEvent = (
  at: number,
  field: string,
  newValue: string,
  oldValue: string | null = null,
): RestEvent => ({
  at,
  role: "DEALER",
  actor: "Ann (owner)",
  field,
  oldValue,
  newValue,
});

/** A version of the quote at `createdAt`, with a snapshot that exercises JSON (nested, float, null). */
export const version = (quoteId: string, createdAt: number, kind = "saved") => ({
  quoteId,
  kind,
  createdAt,
  actor: "Ann (owner)",
  fingerprint: `fp-${createdAt}`,
  snapshot: { data: { vehicle: { description: "2024 Civic" } }, createdAt, lines: [1, 2.5, null] },
  // Issue #40: the snapshot's figures in columns, read back as stored.
  choiceStructure: "lease",
  choiceMonths: 36,
  choiceDownCents: 200_000,
  outTheDoorCents: 3_141_592,
  monthlyCents: null,
});

/** A dealership with its owner and one salesperson. */
export async function team(stores: Stores): Promise<{ ann: UserRow; sam: UserRow }> {
  const ann = await registerOwner(stores, "ann@example.com");
  const sam = await addMember(stores, ann, "sam@example.com", "salesperson");
  return { ann, sam };
}
