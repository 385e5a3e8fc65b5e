import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import type { Member } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import {
  type Actor,
  authorize,
  can,
  MEMBER_ACTIONS,
  type MemberAction,
  QUOTE_ACTIONS,
  type QuoteAction,
  type QuoteSubject,
} from "./policy";

// The policy table, role by action: every quote action and every dealership action is listed
// here, so a new action without a row fails the completeness tests below.

const NOW = 1_800_000_000_000;
const quote: QuoteSubject = { dealerId: "d1", salespersonId: "sam", expiresAt: NOW + 1 };
const expired: QuoteSubject = { ...quote, expiresAt: NOW - 1 };

const ACTORS = {
  owner: { id: "olga", dealershipId: "d1", role: "owner" },
  manager: { id: "max", dealershipId: "d1", role: "manager" },
  /** The quote's own salesperson. */
  salesperson: { id: "sam", dealershipId: "d1", role: "salesperson" },
  /** A salesperson of the same dealership whose quote it is not. */
  colleague: { id: "cleo", dealershipId: "d1", role: "salesperson" },
  /** The owner of another dealership. */
  otherOwner: { id: "oscar", dealershipId: "d2", role: "owner" },
  /** A salesperson of another dealership with the same id as the quote's salesperson. */
  otherSalesperson: { id: "sam", dealershipId: "d2", role: "salesperson" },
  /** Whoever holds the link, signed in or not as a member of nothing. */
  shopper: null,
} as const satisfies Record<string, Actor>;
type ActorName = keyof typeof ACTORS;

/** What each actor gets: "ok", or the refusal's status. */
type Outcome = "ok" | 403 | 404 | 410;
const dealerOnly: Record<ActorName, Outcome> = {
  owner: "ok",
  manager: "ok",
  salesperson: "ok",
  colleague: 404,
  otherOwner: 404,
  otherSalesperson: 404,
  shopper: 404,
};

const QUOTE_TABLE: Record<QuoteAction, Record<ActorName, Outcome>> = {
  read: dealerOnly,
  saveVersion: dealerOnly,
  counterOffer: dealerOnly,
  unlock: dealerOnly,
  renew: dealerOnly,
  duplicate: dealerOnly,
  delete: dealerOnly,
  markSold: dealerOnly,
  recordShare: dealerOnly,
  reassign: {
    owner: "ok",
    manager: "ok",
    salesperson: 403,
    colleague: 403,
    otherOwner: 404,
    otherSalesperson: 404,
    shopper: 404,
  },
  accept: {
    owner: "ok",
    manager: "ok",
    salesperson: "ok",
    colleague: "ok",
    otherOwner: "ok",
    otherSalesperson: "ok",
    shopper: "ok",
  },
};

const MEMBERS = {
  owner: ACTORS.owner,
  manager: ACTORS.manager,
  salesperson: ACTORS.salesperson,
  otherOwner: ACTORS.otherOwner,
} as const satisfies Record<string, Member>;
type MemberName = keyof typeof MEMBERS;
const ownerOrManager: Record<MemberName, boolean> = {
  owner: true,
  manager: true,
  salesperson: false,
  otherOwner: true,
};
const ownerOnly: Record<MemberName, boolean> = {
  owner: true,
  manager: false,
  salesperson: false,
  otherOwner: true,
};

const MEMBER_TABLE: Record<MemberAction, { allowed: Record<MemberName, boolean>; message: string }> = {
  manageTeam: { allowed: ownerOnly, message: CORE_MSG.forbidden },
  writeDefaults: { allowed: ownerOrManager, message: CORE_MSG.forbidden },
  changeGrossVisibility: { allowed: ownerOnly, message: MSG.grossVisibilityOwnerOnly },
  writeInventory: { allowed: ownerOrManager, message: INVENTORY_MSG.writeForbidden },
  importInventory: { allowed: ownerOrManager, message: INVENTORY_MSG.writeForbidden },
  editChecklist: { allowed: ownerOrManager, message: CORE_MSG.forbidden },
  seeChecklist: { allowed: ownerOnly, message: CORE_MSG.forbidden },
};

/** The outcome authorize gives: "ok", or the refusal's status (its message checked by the caller). */
function outcome(run: () => void): { status: Outcome; message?: string } {
  try {
    run();
    return { status: "ok" };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status as Outcome, message: error.message };
  }
}

describe("the policy's actions on a quote", () => {
  it("has a row for every action", () => {
    expect(Object.keys(QUOTE_TABLE).sort()).toEqual([...QUOTE_ACTIONS].sort());
  });

  for (const action of QUOTE_ACTIONS)
    for (const [name, expected] of Object.entries(QUOTE_TABLE[action]) as [ActorName, Outcome][])
      it(`${action} by ${name}: ${expected}`, () => {
        const actor = ACTORS[name];
        expect(can(actor, action, quote, NOW)).toBe(expected === "ok");
        // authorize reads the clock; the quote expires long after now.
        const got = outcome(() => authorize(actor, action, { ...quote, expiresAt: Date.now() + 60_000 }));
        expect(got.status).toBe(expected);
        if (expected === 404) expect(got.message).toBe(CORE_MSG.quoteNotFound);
        if (expected === 403) expect(got.message).toBe(CORE_MSG.forbidden);
      });

  it("an expired quote is accepted by nobody (410), and still renewed by its dealers", () => {
    for (const actor of Object.values(ACTORS)) {
      expect(can(actor, "accept", expired, NOW)).toBe(false);
      const got = outcome(() => authorize(actor, "accept", { ...quote, expiresAt: Date.now() - 1 }));
      expect(got).toEqual({ status: 410, message: CORE_MSG.quoteExpired });
    }
    expect(can(ACTORS.salesperson, "renew", expired, NOW)).toBe(true);
    expect(can(ACTORS.colleague, "renew", expired, NOW)).toBe(false);
  });
});

describe("the policy's actions on the member's own dealership", () => {
  it("has a row for every action", () => {
    expect(Object.keys(MEMBER_TABLE).sort()).toEqual([...MEMBER_ACTIONS].sort());
  });

  for (const action of MEMBER_ACTIONS)
    for (const [name, allowed] of Object.entries(MEMBER_TABLE[action].allowed) as [MemberName, boolean][])
      it(`${action} by ${name}: ${allowed ? "ok" : 403}`, () => {
        const member = MEMBERS[name];
        expect(can(member, action)).toBe(allowed);
        const got = outcome(() => authorize(member, action));
        expect(got).toEqual(
          allowed ? { status: "ok" } : { status: 403, message: MEMBER_TABLE[action].message },
        );
      });
});
