import "@mantine/core/styles.css";
import "./app/global.css";
import { localStorageColorSchemeManager, MantineProvider } from "@mantine/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/routes";
import { cssVariablesResolver, theme } from "./app/theme";
import { SessionProvider } from "./lib/session";

const colorSchemeManager = localStorageColorSchemeManager();

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <SessionProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
);
