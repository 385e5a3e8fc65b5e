// The app rendered to HTML: at build time for the landing page (scripts/prerender.mjs) and per
// request for a shopper's quote (server/http/pages.ts). Built by `vite build --ssr` into
// dist/.ssr/, so CSS-module class names are the browser build's.

import type { Readable } from "node:stream";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppRoot } from "./app/app-root";
import { type PageData, pageDataJson } from "./app/page-data";
import { AppRoutes } from "./app/routes";

export type { PageData };
export { pageDataJson };

/** The markup of `url` (path and query), every lazy page resolved. */
export async function renderPage(url: string, pageData: PageData): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppRoot pageData={pageData}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppRoot>
    </StrictMode>,
    // One piece of HTML, no boundary left to reveal by script (our CSP allows none inline).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
