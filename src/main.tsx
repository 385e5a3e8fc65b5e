import "@mantine/core/styles.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoot } from "./app/app-root";
import { hydrating } from "./app/hydration";
import { readPageData } from "./app/page-data";
import { AppRoutes } from "./app/routes";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// Server-rendered pages inline their critical CSS and only preload the full stylesheets
// (server/http/pages.ts): apply them now, without ever having blocked the first paint.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')) {
  link.rel = "stylesheet";
}

const app = (
  <StrictMode>
    <AppRoot pageData={readPageData()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppRoot>
  </StrictMode>
);

if (hydrating) hydrateRoot(root, app);
else createRoot(root).render(app);
