// When this device's copy of a deal was last in sync with the server (issue #36): what the offline
// banner says the deal is "as of". Kept in localStorage per quote and role, like the copy itself
// (live-quote.ts, localCopyName), so that a page opened offline from the service worker knows it.

import { formatClockTime } from "@shared/core/format";
import { QUOTE_TEXT } from "@shared/text/page-text";
import type { WebsocketProvider } from "y-websocket";
import type { LiveRole } from "./field-adapter";

const storageKey = (role: LiveRole, quoteId: string) => `dealdesk:synced:${role}:${quoteId}`;

/**
 * Writes the time of the server's last message whenever the provider reports its sync state: when
 * it has synced, and when a synced connection ends (the copy was current until that last message;
 * not the moment the loss is noticed, which after a phone's sleep can be hours later).
 */
export function keepSyncTime(provider: WebsocketProvider, role: LiveRole, quoteId: string): void {
  provider.on("sync", () => {
    try {
      localStorage.setItem(storageKey(role, quoteId), String(provider.wsLastMessageReceived));
    } catch {
      // Storage blocked or full: the banner then says only that the page is offline.
    }
  });
}

/** The page is the phone's copy that the service worker served (vite.config.ts), not the server's. */
export const openedFromCopy = (): boolean => document.documentElement.hasAttribute("data-offline-copy");

/** The offline banner: "as of" the last sync when this device knows it. */
export function offlineBannerText(role: LiveRole, quoteId: string): string {
  let at = 0;
  try {
    at = Number(localStorage.getItem(storageKey(role, quoteId)));
  } catch {
    // Storage blocked: the time is not known.
  }
  return QUOTE_TEXT.offlineBanner(at > 0 ? formatClockTime(new Date(at)) : null);
}
