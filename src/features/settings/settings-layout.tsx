import { Box, Button, Group, NavLink, Stack, Text, Title } from "@mantine/core";
import { INTEGRATIONS_TEXT } from "@shared/schemas/handoff";
import { QUOTE_DEFAULTS_TEXT } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { Link, Outlet, useLocation } from "react-router";
import { PageContainer } from "@/components/page-container";
import classes from "./settings-layout.module.css";

type MenuGroup = { label: string; items: { label: string; to: string }[] };

const MENU: MenuGroup[] = [
  {
    label: "Profile",
    items: [
      { label: "Account", to: "/settings/account" },
      { label: "Dealership information", to: "/settings/contact-information" },
      { label: MSG.team, to: "/settings/team" },
      { label: INTEGRATIONS_TEXT.title, to: "/settings/integrations" },
    ],
  },
  {
    label: "Quote defaults",
    items: [
      { label: QUOTE_DEFAULTS_TEXT.addOns, to: "/settings/quote-defaults/add-ons" },
      { label: QUOTE_DEFAULTS_TEXT.taxes, to: "/settings/quote-defaults/taxes" },
      { label: QUOTE_DEFAULTS_TEXT.dealerFees, to: "/settings/quote-defaults/dealer-fees" },
      { label: QUOTE_DEFAULTS_TEXT.governmentFees, to: "/settings/quote-defaults/government-fees" },
      { label: QUOTE_DEFAULTS_TEXT.interestRates, to: "/settings/quote-defaults/interest-rates" },
      { label: "Tax rules", to: "/settings/quote-defaults/tax-rules" },
      { label: "Payment options", to: "/settings/quote-defaults/payment-options" },
      { label: QUOTE_DEFAULTS_TEXT.deskAndGross, to: "/settings/quote-defaults/desk-gross" },
    ],
  },
];

/** Wide screens: a side list. */
function SideMenu({ path }: { path: string }) {
  return (
    <Box component="nav" aria-label="Settings" visibleFrom="md" w={240} style={{ flexShrink: 0 }}>
      <Stack gap="md">
        {MENU.map((group) => (
          <Box key={group.label}>
            <Text size="xs" fw={700} tt="uppercase" className="dd-secondary-text" px="sm" mb={4}>
              {group.label}
            </Text>
            {group.items.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
                active={path === item.to}
                aria-current={path === item.to ? "page" : undefined}
                variant="light"
              />
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** Narrow screens: the same entries as buttons above the page. */
function ButtonMenu({ path }: { path: string }) {
  return (
    <Box component="nav" aria-label="Settings" hiddenFrom="md" mb="lg">
      <Stack gap="sm">
        {MENU.map((group) => (
          <Box key={group.label}>
            <Text size="xs" fw={700} tt="uppercase" className="dd-secondary-text" mb={6}>
              {group.label}
            </Text>
            <Group gap={8}>
              {group.items.map((item) => (
                <Button
                  key={item.to}
                  component={Link}
                  to={item.to}
                  size="xs"
                  variant={path === item.to ? "filled" : "default"}
                  aria-current={path === item.to ? "page" : undefined}
                >
                  {item.label}
                </Button>
              ))}
            </Group>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** The settings frame: heading, menu, and the chosen page (each page brings its own h2). */
export default function SettingsLayout() {
  const path = useLocation().pathname.replace(/\/+$/, "");
  return (
    <PageContainer>
      <Title order={1} mb="lg">
        Settings
      </Title>
      <ButtonMenu path={path} />
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <SideMenu path={path} />
        <Box style={{ flex: 1, minWidth: 0 }} className={classes.page}>
          <Outlet />
        </Box>
      </Group>
    </PageContainer>
  );
}
