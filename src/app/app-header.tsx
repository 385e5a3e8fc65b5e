import { Avatar, Box, Button, Group } from "@mantine/core";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ColorSchemeToggle } from "@/components/color-scheme-toggle";
import { Logo } from "@/components/logo";
import { initials, useSession } from "@/lib/session";

const UserMenu = lazy(() => import("./user-menu"));

export function AppHeader() {
  const { user, status } = useSession();

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
          ) : status === "ready" ? (
            <Button component={Link} to="/login">
              Sign In
            </Button>
          ) : null}
        </Group>
      </Group>
    </Box>
  );
}
