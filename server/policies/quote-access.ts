import type { Role } from "@shared/rules/permissions";
import { memberLabel } from "@shared/rules/permissions";
import { CORE_MSG } from "@shared/text/page-text";
import { decodeJwt } from "jose";
import type { TokenService } from "../auth/tokens";
import type { QuoteRow, QuoteStore } from "../db/repositories/quotes";
import type { UserRow } from "../db/repositories/users";
import { notFound } from "../errors";
import { type Actor, authorize, can, type QuoteAction } from "./policy";

// Finding a quote and the role its caller has in it, for the REST routes and the WebSocket
// handshake alike (one policy, ./policy.ts, so the two can never disagree): a member who may work
// the quote (`can(member, "read", quote)`) is its DEALER; anyone else with the link is a SHOPPER.
// A dealer asking for another dealer's quote in dealer mode gets "not found" (docs/decisions/009),
// never a hint that it exists.

/** Who works a quote: its dealer (any member allowed to) or the shopper with the link. */
export type QuoteRole = Role;
export type { QuoteRow };

/** Quote ids are 22 URL-safe characters (128 random bits); anything else cannot exist. */
const QUOTE_ID = /^[A-Za-z0-9_-]{16,64}$/;

const isQuoteIdShape = (id: string) => QUOTE_ID.test(id);

export async function findQuote(quotes: QuoteStore, id: string): Promise<QuoteRow | undefined> {
  if (!isQuoteIdShape(id)) return undefined;
  return quotes.find(id);
}

/**
 * The quote `id` when `actor` may do `action` to it; a missing quote is 404, and a refusal is the
 * action's own (policy.ts: 404 for a quote the member may not work, 410 for an expired acceptance).
 */
export async function authorizedQuote(
  quotes: QuoteStore,
  id: string | undefined,
  actor: Actor,
  action: QuoteAction,
): Promise<QuoteRow> {
  const quote = await findQuote(quotes, id ?? "");
  if (!quote) throw notFound(CORE_MSG.quoteNotFound);
  authorize(actor, action, quote);
  return quote;
}

/**
 * GET /quotes/{id}: the owner reads it as DEALER, an anonymous caller as SHOPPER; a signed-in
 * dealer who does not own it gets null (404 in dealer mode).
 */
export function restViewerRole(quote: QuoteRow, user: UserRow | null): QuoteRole | null {
  if (!user) return "SHOPPER";
  return can(user, "read", quote) ? "DEALER" : null;
}

/** Who reads customer info (the private document): the DEALER only. */
export const maySeePrivate = (role: QuoteRole) => role === "DEALER";

export type LiveIdentity = {
  role: QuoteRole;
  /** Set for DEALER connections: whose token, issued when, valid until when (ms). */
  dealer?: { userId: string; issuedAtMs: number; expiresAtMs: number; label: string };
};

/**
 * The role of a live connection, decided at the upgrade before any document loads. An invalid,
 * expired or revoked token, or another dealer's, counts as no token: the caller is a SHOPPER.
 */
export async function liveIdentity(
  tokens: TokenService,
  quote: QuoteRow,
  token: string | null,
): Promise<LiveIdentity> {
  if (!token) return { role: "SHOPPER" };
  const user = await tokens.verify(token);
  if (!user || !can(user, "read", quote)) return { role: "SHOPPER" };
  const claims = decodeJwt(token);
  const issuedAtMs = typeof claims.iatMs === "number" ? claims.iatMs : 0;
  const expiresAtMs = typeof claims.exp === "number" ? claims.exp * 1000 : 0;
  return {
    role: "DEALER",
    dealer: { userId: user.id, issuedAtMs, expiresAtMs, label: memberLabel(user.firstName, user.role) },
  };
}

/** Which DEALER connections stay ones: their tokens neither revoked nor expired (one query for all). */
export async function dealersStillValid(
  tokens: TokenService,
  dealers: readonly NonNullable<LiveIdentity["dealer"]>[],
): Promise<boolean[]> {
  const now = Date.now();
  const accepted = await tokens.stillValid(dealers);
  return dealers.map((dealer, i) => dealer.expiresAtMs > now && accepted[i] === true);
}
