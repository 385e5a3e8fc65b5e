import type { LiveIdentity } from "../../policies/quote-access";

// Who may write under a Yjs client id (issue #10, docs/decisions/010-trust-model.md). Every struct
// carries the id of the client that made it, and Yjs trusts those ids: an update written under
// someone else's id takes their clock numbers, and their own later edits are then dropped as
// already seen. So each id belongs to the principal that first wrote under it, and is stored with
// the update that claimed it:
// - "staff:<userId>": a signed-in member of the dealership (the token proves who);
// - "shopper:<device>": a browser holding the quote link, named by the random device id it sends
//   with the connection (`device.<id>` in Sec-WebSocket-Protocol, kept in that browser), so a phone
//   that reconnects after minutes offline may still send the edits it made under its old id;
// - "shopper": any other client without a token (a stock y-websocket client that names no device):
//   together they may never write under a staff member's or a named device's ids, and none of
//   them under an id another open connection writes under.
// Ids in documents stored before this rule have no owner: only staff may write under them.

export function principalOf(identity: LiveIdentity, device: string | null): string {
  if (identity.role === "DEALER" && identity.dealer) return `staff:${identity.dealer.userId}`;
  return device ? `shopper:${device}` : "shopper";
}

export const isStaff = (principal: string) => principal.startsWith("staff:");

/** A staff member or a named device: one that may take its ids over from its own older socket. */
export const isNamed = (principal: string) => principal !== "shopper";
