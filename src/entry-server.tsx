// The app rendered to HTML: at build time for the landing page (scripts/prerender.mjs) and per
// request for a shopper's quote (server/http/pages.ts). Built by `vite build --ssr` into
// dist/.ssr/, so CSS-module class names are the browser build's.

import type { Readable } from "node:stream";
import { MantineProvider } from "@mantine/core";
import { type ReactNode, StrictMode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import { LandingRoot } from "./app/landing-root";
import { ShopperRoot } from "./app/shopper-root";
import { MANTINE_THEME } from "./app/theme";
import { type PageData, pageDataJson } from "./lib/page-data";

export type { PageData };
export { pageDataJson };

/** The landing page (src/landing-main.tsx hydrates it): no router, no route's lazy boundary. */
export function renderLandingPage(pageData: PageData): Promise<string> {
  return render(<LandingRoot pageData={pageData} />);
}

/** The shopper's quote page (src/shopper-main.tsx hydrates it): no router, no Mantine provider. */
export function renderShopperPage(quoteId: string, pageData: PageData): Promise<string> {
  return render(<ShopperRoot quoteId={quoteId} pageData={pageData} />);
}

/**
 * The theme's CSS variables and Mantine's responsive classes, as MantineProvider writes them: the
 * shopper's page has no MantineProvider, so scripts/prerender.mjs puts these in its template.
 */
export function themeStyles(): string {
  return renderToStaticMarkup(<MantineProvider {...MANTINE_THEME}>{null}</MantineProvider>);
}

async function render(tree: ReactNode): Promise<string> {
  // A component that throws would be left to the browser to render: fail instead, loudly.
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>{tree}</StrictMode>,
    // One piece of HTML, no boundary left to reveal by script (our CSP allows none inline).
    {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failure ??= error;
      },
    },
  );
  if (failure) throw failure;
  const chunks: Buffer[] = [];
  for await (const chunk of prelude as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
