// The quote page's connection as the viewer reads it: offline (edits wait in the local copy),
// replaced by the customer's own device, or ended with the session, which signs this browser out.

import { useEffect, useState } from "react";
import { useOnline } from "@/lib/browser";
import { useSession } from "@/lib/session";
import { openedFromCopy } from "./live/sync-time";
import type { LiveQuoteState } from "./live/use-live-quote";

export interface QuoteConnection {
  connected: boolean;
  /** The browser says so, or the connection the page had dropped: edits wait in the local copy. */
  offline: boolean;
  /** Issue #36: the customer's own device took this page's place: the deal stays, read-only. */
  replaced: boolean;
  /** The server closed the socket because the token was revoked or expired (the page leaves for /login). */
  sessionEnded: boolean;
}

export function useQuoteConnection(live: LiveQuoteState, readOnly: boolean): QuoteConnection {
  // The stored session is no longer good: drop it before /login (which would bounce a "signed-in" user).
  const { signOut } = useSession();
  const sessionEnded = live.ended === "sessionEnded";
  useEffect(() => {
    if (sessionEnded) signOut();
  }, [sessionEnded, signOut]);

  const online = useOnline();
  const [everConnected, setEverConnected] = useState(false);
  useEffect(() => {
    // Issue #36: a page the phone kept, opened while the server was out of reach, starts offline.
    if (live.status === "connected" || openedFromCopy()) setEverConnected(true);
  }, [live.status]);
  const connected = live.status === "connected";
  const replaced = live.ended === "replaced";
  const offline = !readOnly && !replaced && (!online || (everConnected && !connected));
  return { connected, offline, replaced, sessionEnded };
}
