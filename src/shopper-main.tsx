// The shopper's quote page (/quote/{id}, server-rendered by server/http/pages.ts): hydrates the
// snapshot without the full app's router and Mantine components (decision 008). It opens with
// Mantine's base stylesheets only (its markup uses no Mantine component's classes), then our own;
// the component sheets the lazy parts need come with the Mantine provider they render in
// (src/app/shopper-mantine.tsx), in the order of @mantine/core/styles.css (issue #52).
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "./app/global.css";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { ShopperRoot } from "./app/shopper-root";
import { startLiveQuote } from "./features/quote/live/use-live-quote";
import { getStoredToken } from "./lib/api";
import { hydrating } from "./lib/hydration";
import { readPageData } from "./lib/page-data";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from the page");

const pageData = readPageData();
const quoteId = pageData.quote?.id ?? decodeURIComponent(window.location.pathname.split("/")[2] ?? "");
// A shopper without a session is a shopper for sure: the live connection opens while the page
// hydrates, so the dealer sees them arrive as soon as the socket is up. (A signed-in browser may be
// the dealer's preview: the page decides that first, as before.)
const rendered = pageData.quote?.answer;
if (rendered && rendered.id === quoteId && !getStoredToken()) {
  startLiveQuote({ quoteId, role: "shopper", token: null, readOnly: rendered.expired, economics: false });
}

const app = (
  <StrictMode>
    <ShopperRoot quoteId={quoteId} pageData={pageData} />
  </StrictMode>
);

// Issue #52: hydration as a transition, so React works in slices of a few milliseconds and yields
// to the browser between them (a plain hydrateRoot hydrates the page in one 240-450 ms task on a
// slow phone). The page is already on screen from the server's HTML; a tap before hydration ends
// makes React finish it at once, then handles the tap.
if (hydrating)
  startTransition(() => {
    hydrateRoot(root, app);
  });
else createRoot(root).render(app);
