// The shopper page's service worker (built to dist/sw.js, issues #36 and #48): the shopper's link opens
// offline, from the first visit. Built by vite-plugin-pwa's injectManifest in the shopper build only
// (shopperServiceWorker in vite.config.ts), registered by the page after load with the scope /quote/
// (scripts/prerender.mjs). Decisions 017 and 023 say why it is built this way.
//
// Guarantees:
// - it keeps the shopper page's own build (the precache list vite.config.ts writes) and copies of
//   shopper pages (/quote/<id>, never /quote/new, never ?view=dealer), at most 20, only as the
//   server rendered them for a shopper;
// - a page it kept is served only when the network fails or has not answered in 5 s;
// - the page that installed it is kept before it is ready: whoever waits for
//   navigator.serviceWorker.ready can go offline and open the link again;
// - a new build takes over at once and drops the old one's files.

import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";

/** What this file uses of ServiceWorkerGlobalScope (the project's types are the DOM's, not a worker's). */
interface InstallEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ShopperWorkerScope {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<{ url: string }[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: "install", listener: (event: InstallEvent) => void): void;
}
const worker = self as unknown as ShopperWorkerScope;

const SHOPPER_PAGES = "shopper-pages";

/** The shopper's page only: not /quote/new, not the dealer's ?view=dealer, not the sheet's PDF. */
const isShopperPage = (url: URL): boolean =>
  url.origin === location.origin &&
  /^\/quote\/[^/]+$/.test(url.pathname) &&
  url.pathname !== "/quote/new" &&
  !url.searchParams.has("view");

// A new deploy takes over at once: the next online visit installs the new worker, which precaches
// the new build, drops the old one and controls the page (the page is network first, so it is the
// new one already). The default "prompt" flow would wait for every tab of the link to close.
void worker.skipWaiting();
clientsClaim();
// Written as `self.__WB_MANIFEST`: the build replaces exactly that text with the precache list.
precacheAndRoute((self as unknown as ShopperWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

const shopperPages = new NetworkFirst({
  cacheName: SHOPPER_PAGES,
  // Online, the server's fresh page; when the server has not answered in this time (a garage's one
  // bar of signal), the phone's copy, and the live channel catches up.
  networkTimeoutSeconds: 5,
  plugins: [
    new ExpirationPlugin({ maxEntries: 20 }),
    {
      // Only the page the server rendered for a shopper (200, or 410: the expired deal, read-only)
      // is kept, never the app shell it falls back to when rendering fails.
      cacheWillUpdate: async ({ response }) =>
        (response.status === 200 || response.status === 410) &&
        response.headers.get("X-DealDesk-Page") === "shopper-quote"
          ? response
          : null,
      // The page served from this copy (the network failed or was too slow) says so on <html>, so
      // that it shows the offline banner at once (src/features/quote/live/sync-time.ts).
      cachedResponseWillBeUsed: async ({ cachedResponse }) =>
        cachedResponse &&
        new Response(
          (await cachedResponse.text()).replace("<html ", "<html data-offline-copy "),
          cachedResponse,
        ),
      // A quote that is gone is not shown offline as it was.
      fetchDidSucceed: async ({ request, response }) => {
        if (response.status === 404) await (await caches.open(SHOPPER_PAGES)).delete(request);
        return response;
      },
    },
  ],
});

registerRoute(({ request, url }) => request.mode === "navigate" && isShopperPage(url), shopperPages);

// The first visit: the page that registered this worker was loaded before any worker existed, so
// nothing kept it. Before this worker is ready, it asks the server for each open shopper page again
// through the same rules (the same cache, the same checks) and waits until the copy is stored.
// A failure leaves the install as it is: the next visit keeps the page as every visit does.
worker.addEventListener("install", (event) => {
  event.waitUntil(
    worker.clients
      .matchAll({ type: "window", includeUncontrolled: true })
      .then((windows) =>
        Promise.all(
          windows
            .map((window) => new URL(window.url))
            .filter(isShopperPage)
            .map((url) => {
              url.hash = "";
              const [answered, stored] = shopperPages.handleAll({ event, request: new Request(url.href) });
              answered.catch(() => undefined);
              return stored.catch(() => undefined);
            }),
        ),
      )
      .catch(() => undefined),
  );
});
