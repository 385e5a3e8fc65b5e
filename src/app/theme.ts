import { Button, type CSSVariablesResolver, createTheme, type MantineColorsTuple, rem } from "@mantine/core";

// Deep blue primary (spec §9); Mantine's filled hover takes the next, darker shade.
const brand: MantineColorsTuple = [
  "#edf2fd",
  "#d9e2f7",
  "#b0c3ee",
  "#84a2e4",
  "#6186dc",
  "#4a74d7",
  "#3d6ad5",
  "#2f59bd",
  "#1c3f94",
  "#142f70",
];

// Secondary light grey.
const secondary: MantineColorsTuple = [
  "#f8f9fb",
  "#f1f3f6",
  "#e4e7ec",
  "#d0d5dd",
  "#b5bcc7",
  "#98a2b3",
  "#7a8494",
  "#5d6675",
  "#475467",
  "#344054",
];

const fontStack =
  'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, -apple-system, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 8, dark: 6 },
  colors: { brand, secondary },
  black: "#101828",
  white: "#ffffff",
  fontFamily: fontStack,
  defaultRadius: rem(4),
  breakpoints: {
    xs: "0em",
    sm: "31.5em", // 504px
    md: "48em", // 768px
    lg: "61.25em", // 980px
    xl: "73.125em", // 1170px
  },
  // Spacing in steps of the 0.5rem unit.
  spacing: {
    xs: rem(8),
    sm: rem(16),
    md: rem(24),
    lg: rem(32),
    xl: rem(40),
  },
  headings: {
    fontFamily: fontStack,
    fontWeight: "700",
    sizes: {
      h1: { fontSize: "2rem", lineHeight: "1.2" },
      h2: { fontSize: "2.5rem", lineHeight: "1.2" },
      h3: { fontSize: "2rem", lineHeight: "1.25" },
      h4: { fontSize: "1.5rem", lineHeight: "1.3" },
      h5: { fontSize: "1.25rem", lineHeight: "1.4" },
      h6: { fontSize: "1.1rem", lineHeight: "1.4" },
    },
  },
  other: {
    body2: "0.875rem",
    gradients: {
      blue: "linear-gradient(135deg, #1c3f94 0%, #2f59bd 55%, #4a74d7 100%)",
      gray: "linear-gradient(180deg, #f8f9fb 0%, #eef1f5 100%)",
      cta: "linear-gradient(120deg, #142f70 0%, #1c3f94 50%, #2f7fd5 100%)",
    },
  },
  components: {
    Button: Button.extend({
      defaultProps: { radius: rem(4) },
      styles: { root: { textTransform: "none", paddingInline: rem(16) } },
    }),
  },
});

/**
 * Error text must stay readable (4.5:1): Mantine's default error red is about 3.3:1 on both
 * backgrounds, so a darker red in light mode and a lighter one in dark mode. Links in dark mode
 * take a lighter blue too (brand 4 is 4.4:1 on the dark body; brand 3 is 5.9:1).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-error": "var(--mantine-color-red-9)" },
  dark: {
    "--mantine-color-error": "var(--mantine-color-red-4)",
    "--mantine-color-anchor": "var(--mantine-color-brand-3)",
  },
});

/** What every MantineProvider is given: the full app's, the shopper page's lazy one, the server's theme styles. */
export const MANTINE_THEME = { theme, cssVariablesResolver, defaultColorScheme: "auto" } as const;
