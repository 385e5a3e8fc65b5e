import "@mantine/core/styles.css";
import "./app/global.css";
import "./app/input-borders.css";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoot } from "./app/app-root";
import { RouterNavigation } from "./app/router-navigation";
import { AppRoutes } from "./app/routes";
import { hydrating } from "./lib/hydration";
import { readPageData } from "./lib/page-data";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const app = (
  <StrictMode>
    <AppRoot pageData={readPageData()}>
      <BrowserRouter>
        <RouterNavigation>
          <AppRoutes />
        </RouterNavigation>
      </BrowserRouter>
    </AppRoot>
  </StrictMode>
);

if (hydrating) hydrateRoot(root, app);
else createRoot(root).render(app);
