// Presence on the quote page (issue #9), read from the deal document's Yjs awareness. The role in
// each state is the one the server stamped on it for the connection that sent it, so a shopper
// cannot pass for the dealer. Read with useSyncExternalStore; the snapshot is a short string so
// that an unchanged presence never re-renders the page.
//
// Going away is noticed three ways: a closed socket (the server removes the states at once), a
// silent one (the server's heartbeat, LIVE_HEARTBEAT_SECONDS), and a socket that still answers pings but carries
// nothing (a browser that went offline mid-close, a stuck proxy): our pages renew their state
// every PRESENCE_RENEW_MS while visible (shared/presence-rule.ts says what still counts).

import { countsAsPresent, PRESENCE_RENEW_MS } from "@shared/presence-rule";
import { isShopperActivity, type ShopperActivity } from "@shared/presence-text";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Awareness } from "y-protocols/awareness";

export type PresenceView = { here: boolean; activity: ShopperActivity | null };

const NOBODY = "";

const pageVisible = () => typeof document === "undefined" || document.visibilityState === "visible";

function readPresence(awareness: Awareness, wanted: "DEALER" | "SHOPPER"): string {
  let here = false;
  let activity: ShopperActivity | null = null;
  const now = Date.now();
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID || state?.role !== wanted) continue;
    if (!countsAsPresent(state, awareness.meta.get(clientId)?.lastUpdated ?? 0, now)) continue;
    here = true;
    if (isShopperActivity(state.activity)) activity = state.activity;
  }
  return here ? `here:${activity ?? ""}` : NOBODY;
}

/**
 * Whether the other side has the quote open (the dealer sees shoppers, the shopper the dealer),
 * and what the shopper is working on. Announces this page too: `activity` while a dialog is open.
 */
export function usePresence(
  awareness: Awareness | null,
  isDealer: boolean,
  activity: ShopperActivity | null,
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
    () => (awareness ? readPresence(awareness, isDealer ? "SHOPPER" : "DEALER") : NOBODY),
    () => NOBODY,
  );

  useEffect(() => {
    if (!awareness) return;
    const announce = () =>
      awareness.setLocalState({
        ...awareness.getLocalState(),
        activity: isDealer ? null : activity,
        visible: pageVisible(),
      });
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

  if (snapshot === NOBODY) return { here: false, activity: null };
  const shown = snapshot.slice("here:".length);
  return { here: true, activity: isShopperActivity(shown) ? shown : null };
}

function readTeammates(awareness: Awareness, self: string | undefined): string {
  const names = new Set<string>();
  const now = Date.now();
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID || state?.role !== "DEALER" || typeof state.name !== "string")
      continue;
    if (state.name === self) continue; // the reader's own other tabs
    if (!countsAsPresent(state, awareness.meta.get(clientId)?.lastUpdated ?? 0, now)) continue;
    names.add(state.name);
  }
  return [...names].sort().join(", ");
}

/**
 * The dealership's other people on this deal right now, by the name and role the server stamped
 * ("Mia (manager)"), for the dealer's page (issue #20); "" when nobody else is here.
 */
export function useTeammates(awareness: Awareness | null, enabled: boolean, self?: string): string {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!awareness || !enabled) return () => {};
      awareness.on("change", onChange);
      const timer = setInterval(onChange, 500);
      return () => {
        awareness.off("change", onChange);
        clearInterval(timer);
      };
    },
    [awareness, enabled],
  );
  return useSyncExternalStore(
    subscribe,
    () => (awareness && enabled ? readTeammates(awareness, self) : ""),
    () => "",
  );
}
