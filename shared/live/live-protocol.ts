// The live channel's contract between our server (server/live/) and the browser hook. Pure: no
// Node, no DOM, so both sides import it.
//
// URL: the stock y-websocket `WebsocketProvider(liveServerUrl(location.origin), docName, doc, {
// protocols: liveProtocols(token) })` connects to `ws(s)://<host>/yjs/quote/<id>` (deal),
// `.../quote/<id>/private` (dealer only) and `.../quote/<id>/economics` (issue #38: a dealer who
// sees gross only). The token travels in the `Sec-WebSocket-Protocol`
// header (never in the URL, so it never lands in a request log); the server answers with
// LIVE_SUBPROTOCOL. Without a token (or with one that is expired, revoked or not the owner's) the
// connection is a SHOPPER.

/** Path prefix of the live channel (the provider's serverUrl ends with it). */
export const LIVE_PATH = "/yjs";
/** The subprotocol the server always selects. */
export const LIVE_SUBPROTOCOL = "dealdesk";
/** Prefix of the subprotocol entry carrying the bearer token: `auth.<jwt>`. */
const LIVE_AUTH_PREFIX = "auth.";

/**
 * Close codes the server uses. y-websocket 3 treats 4400-4499 as final (it stops reconnecting and
 * emits `closed`); everything else is retried with backoff.
 */
export const LIVE_CLOSE_CODES = {
  /** A message that does not decode or has an unknown type. Final. */
  malformed: 4400,
  /** The dealer's token was revoked (password change) or expired while connected. Final: sign in again. */
  tokenRevoked: 4401,
  /**
   * The server refused an update (a shopper changing a dealer-only field, an invalid value, an
   * expired quote; issue #47: a payment request over its caps, with the reason "Too many payment
   * requests: wait N s", shared/schemas/payment-request.ts). Nothing of it was applied. Final: the client
   * must drop its local copy (including y-indexeddb) and connect again with a fresh Y.Doc.
   */
  changeRefused: 4403,
  /** The quote was deleted while connected. Final. */
  quoteDeleted: 4404,
  /**
   * An update or presence state over its size bound (LIVE_MAX_UPDATE_BYTES, LIVE_MAX_AWARENESS_BYTES).
   * Nothing of it was applied. Final: like changeRefused, the client starts again from the server's copy.
   */
  updateTooLarge: 4413,
  /** The document would grow past LIVE_MAX_DOCUMENT_BYTES. Nothing was applied. Final, as changeRefused. */
  documentTooLarge: 4422,
  /**
   * The shopper accepted the deal (issue #19): no edits from either side until the dealer unlocks
   * it or makes a counter-offer. Nothing was applied. Final, as changeRefused.
   */
  dealLocked: 4423,
  /**
   * Updates past LIVE_UPDATES_PER_SECOND (after LIVE_UPDATE_BURST), history events past
   * LIVE_HISTORY_EVENTS_PER_MINUTE, or presence past LIVE_AWARENESS_PER_SECOND. The update was not
   * applied. Final: the client waits a few seconds, then starts again from the server's copy.
   */
  tooManyUpdates: 4429,
  /**
   * Issues #36, #47: the quote's shopper slots were full and the customer's own device took this
   * socket's slot: a device that first wrote to this quote earlier than this socket's device did
   * (or this one never wrote), this socket being the most recent newcomer. Final.
   */
  replaced: 4409,
  /** The server is shutting down. Retried by the provider. */
  goingAway: 1001,
  /** The stored document could not be loaded or written. Retried by the provider. */
  serverError: 1011,
} as const;

export type LiveCloseCode = (typeof LIVE_CLOSE_CODES)[keyof typeof LIVE_CLOSE_CODES];

/** The close reasons sent with LIVE_CLOSE_CODES (short: a close reason is at most 123 bytes). */
export const LIVE_CLOSE_REASONS = {
  malformed: "Malformed message",
  tokenRevoked: "Session ended",
  changeRefused: "Change not allowed",
  quoteDeleted: "Quote deleted",
  updateTooLarge: "Update too large",
  documentTooLarge: "Document too large",
  dealLocked: "Deal accepted: locked",
  tooManyUpdates: "Too many updates",
  replaced: "Replaced by the customer's device",
  goingAway: "Server shutting down",
  serverError: "Document unavailable",
} as const satisfies Record<keyof typeof LIVE_CLOSE_CODES, string>;

/** Prefix of the subprotocol entry naming the browser (its device id: 16-64 URL-safe characters). */
const LIVE_DEVICE_PREFIX = "device.";
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The `protocols` option for WebsocketProvider: the token rides in the subprotocol header, and so
 * does the browser's device id, a random value kept in the browser that proves a reconnecting
 * shopper is the one who wrote its earlier edits (Yjs client ids: docs/decisions/010-trust-model.md).
 */
export function liveProtocols(token?: string | null, device?: string | null): string[] {
  const protocols = [LIVE_SUBPROTOCOL];
  if (token) protocols.push(`${LIVE_AUTH_PREFIX}${token}`);
  if (device && DEVICE_ID.test(device)) protocols.push(`${LIVE_DEVICE_PREFIX}${device}`);
  return protocols;
}

/**
 * The subprotocol entry of a socket whose page already holds the document (it synced on an earlier
 * socket): the server then sends only what the page's SyncStep1 says it lacks. Without it the server
 * sends the document's content with the handshake, before it is asked (one round trip sooner for a
 * page opening the document for the first time; docs/decisions/034-content-with-the-handshake.md).
 */
export const LIVE_HELD_PROTOCOL = "state.held";

/** The `protocols` of a page's later sockets, once its copy of the document has synced once. */
export function withHeldState(protocols: readonly string[]): string[] {
  return protocols.includes(LIVE_HELD_PROTOCOL) ? [...protocols] : [...protocols, LIVE_HELD_PROTOCOL];
}

/** The device id of a `Sec-WebSocket-Protocol` list, or null when there is none of the right shape. */
export function deviceFromProtocols(protocols: Iterable<string>): string | null {
  for (const protocol of protocols)
    if (protocol.startsWith(LIVE_DEVICE_PREFIX)) {
      const device = protocol.slice(LIVE_DEVICE_PREFIX.length);
      return DEVICE_ID.test(device) ? device : null;
    }
  return null;
}

/** The provider's serverUrl for a page served from `origin` ('https://x' → 'wss://x/yjs'). */
export function liveServerUrl(origin: string): string {
  return `${origin.replace(/^http/, "ws").replace(/\/+$/, "")}${LIVE_PATH}`;
}

/** Reads the token back out of a `Sec-WebSocket-Protocol` list (server side). */
export function tokenFromProtocols(protocols: Iterable<string>): string | null {
  for (const protocol of protocols)
    if (protocol.startsWith(LIVE_AUTH_PREFIX)) return protocol.slice(LIVE_AUTH_PREFIX.length) || null;
  return null;
}
