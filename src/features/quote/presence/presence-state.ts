// What this page announces in the deal document's awareness (issue #9): the one builder of the
// local presence state. LiveQuote announces it from the socket's first message; use-presence.ts
// renews it while the page is visible and when a shopper's dialog opens or closes. The role and the
// name in a state are stamped by the server, never sent from here.

import type { ShopperActivity } from "@shared/text/presence-text";
import type { Awareness } from "y-protocols/awareness";

export const pageVisible = (): boolean =>
  typeof document === "undefined" || document.visibilityState === "visible";

/** Sets this page's presence: what the shopper is working on (null: nothing, and always the dealer's) and whether the page is visible. */
export function announcePresence(awareness: Awareness, activity: ShopperActivity | null): void {
  awareness.setLocalState({ ...awareness.getLocalState(), activity, visible: pageVisible() });
}
