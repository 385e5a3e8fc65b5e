// The shopper's quote page (/quote/{id}, server-rendered by server/http/pages.ts): hydrates the
// snapshot without the full app's router and Mantine components (decision 008). Mantine's
// stylesheet comes as in the full app, first, so the parts that use Mantine later look the same.
import "@mantine/core/styles.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { hydrating } from "./app/hydration";
import { readPageData } from "./app/page-data";
import { ShopperRoot } from "./app/shopper-root";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from the page");

const pageData = readPageData();
const quoteId = pageData.quote?.id ?? decodeURIComponent(window.location.pathname.split("/")[2] ?? "");
const app = (
  <StrictMode>
    <ShopperRoot quoteId={quoteId} pageData={pageData} />
  </StrictMode>
);

if (hydrating) hydrateRoot(root, app);
else createRoot(root).render(app);
