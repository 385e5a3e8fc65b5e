// Presence on the quote page (issue #9), read from the deal document's Yjs awareness. The role in
// each state is the one the server stamped on it for the connection that sent it, so a shopper
// cannot pass for the dealer. Read with useSyncExternalStore; the snapshot is a short string so
// that an unchanged presence never re-renders the page.

import { isShopperActivity, type ShopperActivity } from "@shared/presence-text";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Awareness } from "y-protocols/awareness";

export type PresenceView = { here: boolean; activity: ShopperActivity | null };

const NOBODY = "";

function readPresence(awareness: Awareness, wanted: "DEALER" | "SHOPPER"): string {
  let here = false;
  let activity: ShopperActivity | null = null;
  for (const [clientId, state] of awareness.getStates()) {
    if (clientId === awareness.clientID || state?.role !== wanted) continue;
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
      return () => awareness.off("change", onChange);
    },
    [awareness],
  );
  const snapshot = useSyncExternalStore(subscribe, () =>
    awareness ? readPresence(awareness, isDealer ? "SHOPPER" : "DEALER") : NOBODY,
  );

  useEffect(() => {
    // Always set a field, even null: y-protocols never relays a state still at its first clock,
    // so a page that said nothing would stay invisible until the 15 s renewal.
    awareness?.setLocalStateField("activity", isDealer ? null : activity);
  }, [awareness, isDealer, activity]);

  if (snapshot === NOBODY) return { here: false, activity: null };
  const shown = snapshot.slice("here:".length);
  return { here: true, activity: isShopperActivity(shown) ? shown : null };
}
