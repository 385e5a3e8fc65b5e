// The landing page (/, prerendered by scripts/prerender.mjs): hydrates the page without the full
// app's router, routes and stylesheet (issue #52). Mantine's stylesheet comes per component, in
// the order of @mantine/core/styles.css (its base first, then the components this page and its
// header show, the account menu included), then our own, as in the full app.
import "@mantine/core/styles/baseline.css";
import "@mantine/core/styles/default-css-variables.css";
import "@mantine/core/styles/global.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Container.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/ThemeIcon.css";
import "@mantine/core/styles/Title.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { LandingRoot } from "./app/landing-root";
import { hydrating } from "./lib/hydration";
import { readPageData } from "./lib/page-data";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from the page");

const app = (
  <StrictMode>
    <LandingRoot pageData={readPageData()} />
  </StrictMode>
);

if (hydrating) hydrateRoot(root, app);
else createRoot(root).render(app);
