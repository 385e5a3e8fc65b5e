// Presence on the quote page (issue #9), read from the deal document's Yjs awareness. The role in
// each state is the one the server stamped on it for the connection that sent it, so a shopper
// cannot pass for the dealer. Read with useSyncExternalStore; the snapshot is a short string so
// that an unchanged presence never re-renders the page.
//
// Going away is noticed three ways: a closed socket (the server removes the states at once), a
// silent one (the server's heartbeat, LIVE_HEARTBEAT_SECONDS), and a socket that still answers pings but carries
// nothing (a browser that went offline mid-close, a stuck proxy): our pages renew their state
// every PRESENCE_RENEW_MS while visible (shared/rules/presence-rule.ts says what still counts).

import { countsAsPresent, PRESENCE_RENEW_MS } from "@shared/rules/presence-rule";
import { isShopperActivity, type ShopperActivity } from "@shared/text/presence-text";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Awareness } from "y-protocols/awareness";
import { announcePresence, pageVisible } from "./presence-state";

type PresenceView = {
  here: boolean;
  activity: ShopperActivity | null;
  /** The dealer's page: the dealership's other people on the deal, "Mia (manager)", or "". */
  teammates: string;
};

const NOBODY = "\t";

/**
 * "here:<activity>" when the other side is here, then a tab and, on the dealer's page, the names of
 * the dealership's other people on the deal (issue #20: the server stamps "Mia (manager)").
 */
function readPresence(awareness: Awareness, wanted: "DEALER" | "SHOPPER", self?: string): string {
  let here = false;
  let activity: ShopperActivity | null = null;
  const teammates = new Set<string>();
  const now = Date.now();
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID) continue;
    if (!countsAsPresent(state, awareness.meta.get(clientId)?.lastUpdated ?? 0, now)) continue;
    // The reader's own other tabs are not teammates.
    if (
      wanted === "SHOPPER" &&
      state?.role === "DEALER" &&
      typeof state.name === "string" &&
      state.name !== self
    )
      teammates.add(state.name);
    if (state?.role !== wanted) continue;
    here = true;
    if (isShopperActivity(state.activity)) activity = state.activity;
  }
  return `${here ? `here:${activity ?? ""}` : ""}\t${[...teammates].sort().join(", ")}`;
}

/**
 * Whether the other side has the quote open (the dealer sees shoppers, the shopper the dealer),
 * and what the shopper is working on. Announces this page too: `activity` while a dialog is open.
 */
export function usePresence(
  awareness: Awareness | null,
  isDealer: boolean,
  activity: ShopperActivity | null,
  /** The dealer's own label: their other tabs are not listed as teammates. */
  self?: string,
): PresenceView {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!awareness) return () => {};
      awareness.on("change", onChange);
      // Staleness is a matter of time, not of messages: look again twice a second.
      const timer = setInterval(onChange, 500);
      return () => {
        awareness.off("change", onChange);
        clearInterval(timer);
      };
    },
    [awareness],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => (awareness ? readPresence(awareness, isDealer ? "SHOPPER" : "DEALER", self) : NOBODY),
    () => NOBODY,
  );

  useEffect(() => {
    if (!awareness) return;
    const announce = () => announcePresence(awareness, isDealer ? null : activity);
    // The first announcement also moves the state past clock 0, which y-protocols never relays.
    announce();
    const timer = setInterval(() => {
      if (pageVisible()) announce();
    }, PRESENCE_RENEW_MS);
    document.addEventListener("visibilitychange", announce);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", announce);
    };
  }, [awareness, isDealer, activity]);

  const [other, teammates = ""] = snapshot.split("\t");
  if (!other) return { here: false, activity: null, teammates };
  const shown = other.slice("here:".length);
  return { here: true, activity: isShopperActivity(shown) ? shown : null, teammates };
}
