import { type ColorScheme, setColorScheme, useColorScheme } from "@/lib/color-scheme";
import classes from "./icon-button.module.css";
import { PlainIcon } from "./plain-icons";

// Light, dark and back to the system's setting: one button that steps through the three. From the
// system setting it goes to the scheme that changes what is seen. A plain button (the shopper's
// quote page opens without Mantine), styled as Mantine's subtle grey ActionIcon.
const NAMES: Record<ColorScheme, string> = {
  light: "light mode",
  dark: "dark mode",
  auto: "system setting",
};
const ICONS = { light: "sun", dark: "moon", auto: "desktop" } as const;

export function ColorSchemeToggle() {
  const { stored: colorScheme, computed } = useColorScheme();
  const next: ColorScheme =
    colorScheme === "auto"
      ? computed === "dark"
        ? "light"
        : "dark"
      : colorScheme === "light"
        ? "dark"
        : "auto";
  return (
    <button
      type="button"
      className={`${classes.iconButton} mantine-focus-auto mantine-active`}
      onClick={() => setColorScheme(next)}
      aria-label={`Colour scheme: ${NAMES[colorScheme]}. Switch to ${NAMES[next]}`}
      title={`Colour scheme: ${NAMES[colorScheme]}`}
      data-testid="color-scheme-toggle"
      data-scheme={colorScheme}
    >
      <PlainIcon name={ICONS[colorScheme]} size={20} stroke={1.6} />
    </button>
  );
}
