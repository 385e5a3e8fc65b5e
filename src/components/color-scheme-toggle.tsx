import {
  ActionIcon,
  type MantineColorScheme,
  useComputedColorScheme,
  useMantineColorScheme,
} from "@mantine/core";
import { IconDeviceDesktop, IconMoon, IconSun } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { hydrating } from "@/app/hydration";

// Light, dark and back to the system's setting: one button that steps through the three. From the
// system setting it goes to the scheme that changes what is seen.
const NAMES: Record<MantineColorScheme, string> = {
  light: "light mode",
  dark: "dark mode",
  auto: "system setting",
};
const ICONS = { light: IconSun, dark: IconMoon, auto: IconDeviceDesktop } as const;

export function ColorSchemeToggle() {
  const { colorScheme: stored, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: hydrating });
  // A server-rendered page was rendered for the system setting: read the stored one after hydration.
  const [colorScheme, setShown] = useState<MantineColorScheme>(hydrating ? "auto" : stored);
  useEffect(() => setShown(stored), [stored]);
  const next: MantineColorScheme =
    colorScheme === "auto"
      ? computed === "dark"
        ? "light"
        : "dark"
      : colorScheme === "light"
        ? "dark"
        : "auto";
  const Icon = ICONS[colorScheme];
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={`Colour scheme: ${NAMES[colorScheme]}. Switch to ${NAMES[next]}`}
      title={`Colour scheme: ${NAMES[colorScheme]}`}
      data-testid="color-scheme-toggle"
      data-scheme={colorScheme}
    >
      <Icon size={20} stroke={1.6} aria-hidden="true" />
    </ActionIcon>
  );
}
