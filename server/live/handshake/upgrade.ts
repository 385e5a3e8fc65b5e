import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { LIVE_PATH, LIVE_SUBPROTOCOL, tokenFromProtocols } from "@shared/live/live-protocol";
import { docNameOf } from "@shared/live/quote-doc";
import type { TokenService } from "../../auth/tokens";
import type { QuoteStore } from "../../db/repositories/quotes";
import {
  findQuote,
  type LiveIdentity,
  liveIdentity,
  maySeePrivate,
  type QuoteRow,
} from "../../policies/quote-access";
import type { DocKind } from "../stages/update-guard";

// The WebSocket handshake: which document, from where, as whom. Everything here is decided
// before the socket is accepted and before any document loads.
//
// The token travels in `Sec-WebSocket-Protocol` (['dealdesk', 'auth.<jwt>'], see
// shared/live/live-protocol.ts): the stock y-websocket provider sends it through its `protocols`
// option, and unlike a query string it never appears in a request log or a proxy's access log.

type UpgradeTarget = { quoteId: string; docName: string; kind: DocKind };

/** `/yjs/quote/<id>`, `/yjs/quote/<id>/private` or (issue #38) `/yjs/quote/<id>/economics`; null for anything else. */
export function parseLivePath(rawUrl: string | undefined): UpgradeTarget | null {
  let pathname: string;
  try {
    pathname = new URL(rawUrl ?? "/", "http://localhost").pathname;
  } catch {
    return null;
  }
  const match = new RegExp(`^${LIVE_PATH}/quote/([A-Za-z0-9_-]{16,64})(?:/(private|economics))?$`).exec(
    pathname,
  );
  if (!match?.[1]) return null;
  const quoteId = match[1];
  const kind: DocKind = match[2] === "private" ? "private" : match[2] === "economics" ? "economics" : "deal";
  return { quoteId, docName: docNameOf(quoteId, kind), kind };
}

/** A browser always sends Origin; it must be ours. Non-browser clients send none. */
export function originAllowed(request: IncomingMessage, appUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

export function offeredProtocols(request: IncomingMessage): string[] {
  const header = request.headers["sec-websocket-protocol"];
  if (!header) return [];
  return header
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
}

/** ws's handleProtocols: we always speak 'dealdesk' and never echo the token entry. */
export const selectProtocol = (protocols: Set<string>): string | false =>
  protocols.has(LIVE_SUBPROTOCOL) ? LIVE_SUBPROTOCOL : false;

type Admission =
  | { ok: true; quote: QuoteRow; identity: LiveIdentity }
  | { ok: false; status: 403 | 404; reason: string };

/**
 * The quote must exist; the private document admits its DEALER only; the economics document
 * (issue #38) a DEALER who sees gross, by the member's role and the dealership's setting as they
 * are now (`seesGross` reads both). Both refusals are the same 403.
 */
export async function admit(
  quotes: QuoteStore,
  tokens: TokenService,
  target: UpgradeTarget,
  request: IncomingMessage,
  seesGross: (quote: QuoteRow, userId: string) => Promise<boolean>,
): Promise<Admission> {
  const quote = await findQuote(quotes, target.quoteId);
  if (!quote) return { ok: false, status: 404, reason: "Not Found" };
  const identity = await liveIdentity(tokens, quote, tokenFromProtocols(offeredProtocols(request)));
  const forbidden = { ok: false, status: 403, reason: "Forbidden" } as const;
  if (target.kind !== "deal" && !maySeePrivate(identity.role)) return forbidden;
  if (target.kind === "economics" && !(identity.dealer && (await seesGross(quote, identity.dealer.userId))))
    return forbidden;
  return { ok: true, quote, identity };
}

/** Answers an upgrade we refuse with a plain HTTP status, then drops the socket. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
