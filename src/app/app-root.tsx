import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { mantineColorSchemeManager } from "@/lib/color-scheme";
import { SessionProvider } from "@/lib/session";
import { type PageData, PageDataProvider } from "../lib/page-data";
import { MANTINE_THEME } from "./theme";

const colorSchemeManager = mantineColorSchemeManager();

/** The providers around every page, the same in the browser (main.tsx) and on the server (entry-server.tsx). */
export function AppRoot({ pageData, children }: { pageData: PageData; children: ReactNode }) {
  return (
    <MantineProvider {...MANTINE_THEME} colorSchemeManager={colorSchemeManager}>
      <PageDataProvider value={pageData}>
        <SessionProvider>{children}</SessionProvider>
      </PageDataProvider>
    </MantineProvider>
  );
}
