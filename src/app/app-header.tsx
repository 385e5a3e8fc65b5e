import { Avatar, Box, Button, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { ColorSchemeToggle } from "@/components/color-scheme-toggle";
import { Logo } from "@/components/logo";
import { initials, useSession } from "@/lib/session";

const UserMenu = lazy(() => import("./user-menu"));

/** The shopper's quote link (not the dealer's working view, not /quote/new). */
export function isShopperQuotePage(pathname: string, search: string): boolean {
  return /^\/quote\/(?!new$)[^/]+$/.test(pathname) && new URLSearchParams(search).get("view") !== "dealer";
}

export function AppHeader() {
  const { user, status } = useSession();
  const location = useLocation();
  // The shopper's page is the dealership's: it names the dealership and asks nobody to sign in.
  const shopperPage = isShopperQuotePage(location.pathname, location.search);

  return (
    <Box
      component="header"
      px="sm"
      py={12}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
    >
      <Group justify="space-between" wrap="nowrap" maw={1170} mx="auto">
        <Box component={Link} to="/" aria-label="DealDesk home" style={{ textDecoration: "none" }}>
          <Logo />
        </Box>
        <Group gap="xs" wrap="nowrap">
          <ColorSchemeToggle />
          {user ? (
            <Suspense
              fallback={
                <Avatar radius="xl" color="brand" variant="filled" aria-hidden="true">
                  {initials(user)}
                </Avatar>
              }
            >
              <UserMenu user={user} />
            </Suspense>
          ) : status === "ready" && !shopperPage ? (
            <Button component={Link} to="/login">
              Sign In
            </Button>
          ) : null}
        </Group>
      </Group>
    </Box>
  );
}
