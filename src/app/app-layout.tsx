import { Box, Text } from "@mantine/core";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { AppHeader } from "./app-header";
import { LazyNotifications } from "./lazy-notifications";

export function AppLayout() {
  return (
    <Box mih="100vh" style={{ display: "flex", flexDirection: "column" }}>
      <a href="#main" className="dd-skip-link">
        Skip to content
      </a>
      <LazyNotifications />
      <AppHeader />
      <Box component="main" id="main" tabIndex={-1} style={{ flex: 1, outline: "none" }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <Box
        component="footer"
        py="md"
        px="sm"
        style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
      >
        <Text ta="center" size="sm" className="dd-secondary-text" maw={1170} mx="auto">
          © {new Date().getFullYear()} DealDesk. All rights reserved.
        </Text>
      </Box>
    </Box>
  );
}
