import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import {
  type Member,
  mayChangeGrossVisibility,
  mayManageTeam,
  mayReassign,
  mayWorkQuote,
  mayWriteDefaults,
  type QuoteOwnership,
} from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { ApiError, forbidden, notFound } from "../errors";

// Who may do what, in one vocabulary (Outline's server/policies/ is the model): a route asks
// `can(actor, action, quote)` or calls `authorize(...)`, which throws the refusal the API has
// always answered for that action. The rules themselves are shared/rules/permissions.ts (the web app
// mirrors them); this table names each REST action and says how a refusal reads.
//
// The actor is a signed-in member, or null for whoever holds a quote's link (the shopper).
// Another dealership's quote, or a colleague's that the member may not work, does not exist for
// them (docs/decisions/009): those refusals are 404, never 403.

export type Actor = Member | null;

/** The quote an action is about: whose it is, and (acceptance) until when it stands. */
export type QuoteSubject = QuoteOwnership & { expiresAt: number };

type QuoteRule = {
  allow: (actor: Actor, quote: QuoteSubject, now: number) => boolean;
  refusal: (actor: Actor, quote: QuoteSubject) => ApiError;
};

/** Whether the quote's offer has run out (a dealer renews it; the shopper's page shows it expired). */
export const isExpired = (quote: Pick<QuoteSubject, "expiresAt">, now = Date.now()) => quote.expiresAt < now;

const quoteNotFound = () => notFound(CORE_MSG.quoteNotFound);
/** Working a quote (as its DEALER): its salesperson, or an owner or manager of its dealership. */
const works = (actor: Actor, quote: QuoteSubject) => actor !== null && mayWorkQuote(actor, quote);
const dealerAction: QuoteRule = { allow: works, refusal: quoteNotFound };

/** Actions on one quote. */
const QUOTE_RULES = {
  /** Reading the quote as its DEALER (its history, its versions with the customer record). */
  read: dealerAction,
  saveVersion: dealerAction,
  /** A version after an acceptance: it reopens the deal for both sides. */
  counterOffer: dealerAction,
  unlock: dealerAction,
  renew: dealerAction,
  duplicate: dealerAction,
  delete: dealerAction,
  markSold: dealerAction,
  recordShare: dealerAction,
  /** Owners and managers of its dealership; another dealership's quote does not exist. */
  reassign: {
    allow: (actor, quote) => actor !== null && mayReassign(actor, quote),
    refusal: (actor, quote) =>
      actor !== null && actor.dealershipId === quote.dealerId
        ? forbidden(CORE_MSG.forbidden)
        : quoteNotFound(),
  },
  /** The link is the right: whoever holds it accepts, until the quote expires (410 after). */
  accept: {
    allow: (_actor, quote, now) => !isExpired(quote, now),
    refusal: () => new ApiError(410, CORE_MSG.quoteExpired),
  },
} as const satisfies Record<string, QuoteRule>;

/** An action on the member's own dealership reads the member's role only. */
type MemberActor = Pick<Member, "role">;
type MemberRule = { allow: (member: MemberActor) => boolean; refusal: () => ApiError };

const ownerOrManager = (refusal: () => ApiError): MemberRule => ({ allow: mayWriteDefaults, refusal });
const forbiddenCore = () => forbidden(CORE_MSG.forbidden);
const inventoryForbidden = () => forbidden(INVENTORY_MSG.writeForbidden);

/** Actions on the member's own dealership. */
const MEMBER_RULES = {
  /** Members, invitations, roles and the audit. */
  manageTeam: { allow: mayManageTeam, refusal: forbiddenCore },
  /** Profile, defaults, payment options, tax profile, integrations. */
  writeDefaults: ownerOrManager(forbiddenCore),
  /** Issue #38: "Salespeople see gross" is the owner's. */
  changeGrossVisibility: {
    allow: mayChangeGrossVisibility,
    refusal: () => forbidden(MSG.grossVisibilityOwnerOnly),
  },
  /** Adding, editing, deleting stock, and reading what a vehicle cost. */
  writeInventory: ownerOrManager(inventoryForbidden),
  /** A DMS file into the stock, and its report. */
  importInventory: ownerOrManager(inventoryForbidden),
  /** The first-run checklist's taxes-and-fees and dismiss marks (the defaults are theirs). */
  editChecklist: ownerOrManager(forbiddenCore),
  /** The first-run checklist is shown to the owner. */
  seeChecklist: { allow: (member) => member.role === "owner", refusal: forbiddenCore },
} as const satisfies Record<string, MemberRule>;

export type QuoteAction = keyof typeof QUOTE_RULES;
export type MemberAction = keyof typeof MEMBER_RULES;
export type Action = QuoteAction | MemberAction;

export const QUOTE_ACTIONS = Object.keys(QUOTE_RULES) as QuoteAction[];
export const MEMBER_ACTIONS = Object.keys(MEMBER_RULES) as MemberAction[];

const isQuoteAction = (action: Action): action is QuoteAction => action in QUOTE_RULES;

/** Whether `actor` may do `action` (to `quote`, for an action on a quote). */
export function can(actor: Actor, action: QuoteAction, quote: QuoteSubject, now?: number): boolean;
export function can(actor: MemberActor, action: MemberAction): boolean;
export function can(
  actor: Actor | MemberActor,
  action: Action,
  quote?: QuoteSubject,
  now = Date.now(),
): boolean {
  // The overloads pair a quote action with an Actor (a member or null), a member action with a member.
  if (isQuoteAction(action)) {
    if (!quote) throw new Error(`policy: "${action}" needs the quote it is about`);
    return QUOTE_RULES[action].allow(actor as Actor, quote, now);
  }
  return actor !== null && MEMBER_RULES[action].allow(actor);
}

/** As `can`, throwing the action's refusal (its status and message, as the API has answered it). */
export function authorize(actor: Actor, action: QuoteAction, quote: QuoteSubject): void;
export function authorize(actor: MemberActor, action: MemberAction): void;
export function authorize(actor: Actor | MemberActor, action: Action, quote?: QuoteSubject): void {
  if (isQuoteAction(action)) {
    if (!quote) throw new Error(`policy: "${action}" needs the quote it is about`);
    if (!can(actor as Actor, action, quote)) throw QUOTE_RULES[action].refusal(actor as Actor, quote);
    return;
  }
  if (actor === null || !can(actor, action)) throw MEMBER_RULES[action].refusal();
}
