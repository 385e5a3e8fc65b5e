import { MantineProvider } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { mantineColorSchemeManager } from "@/lib/color-scheme";
import { MANTINE_THEME } from "./theme";

/**
 * The MantineProvider of the shopper's quote page, loaded with the first part that needs it (the
 * edit code, src/components/mantine-scope.tsx). The page already has the theme's CSS variables and
 * Mantine's classes (server/http/pages.ts puts them in the page), so this adds no style element;
 * the colour scheme is the page's one store (src/lib/color-scheme.ts).
 */
export default function ShopperMantine({ children }: { children: ReactNode }) {
  const [colorSchemeManager] = useState(mantineColorSchemeManager);
  return (
    <MantineProvider
      {...MANTINE_THEME}
      colorSchemeManager={colorSchemeManager}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {children}
    </MantineProvider>
  );
}
