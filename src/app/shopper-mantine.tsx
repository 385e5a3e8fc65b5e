import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/UnstyledButton.css";
import "@mantine/core/styles/VisuallyHidden.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/ActionIcon.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/FloatingIndicator.css";
import "@mantine/core/styles/Text.css";
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/Combobox.css";
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/CheckboxCard.css";
import "@mantine/core/styles/CheckboxIndicator.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Avatar.css";
import "@mantine/core/styles/Button.css";
import "@mantine/core/styles/Divider.css";
import "@mantine/core/styles/Menu.css";
import "@mantine/core/styles/Modal.css";
import "@mantine/core/styles/RadioCard.css";
import "@mantine/core/styles/RadioIndicator.css";
import "@mantine/core/styles/Radio.css";
import "@mantine/core/styles/SegmentedControl.css";
import "@mantine/core/styles/SimpleGrid.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Table.css";
import "@mantine/core/styles/Title.css";
import "./input-borders.css";
import { MantineProvider } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { mantineColorSchemeManager } from "@/lib/color-scheme";
import { MANTINE_THEME } from "./theme";

/**
 * The MantineProvider of the shopper's quote page, loaded with the first part that needs it (the
 * edit code, src/components/mantine-scope.tsx). The page already has the theme's CSS variables and
 * Mantine's classes (server/http/pages.ts puts them in the page), so this adds no style element;
 * the colour scheme is the page's one store (src/lib/color-scheme.ts). It brings the stylesheets
 * of the Mantine components the page's lazy parts use (the shopper's and the dealer's), in the
 * order of @mantine/core/styles.css, and our text-field borders after them: the page opens with
 * Mantine's base sheets only (src/shopper-main.tsx, issue #52). Its stylesheet is requested
 * first when the edit code loads (src/features/quote/use-quote-prefetch.ts), so a lazy part's own
 * CSS comes after it, as it did when Mantine's whole stylesheet came with the page.
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
