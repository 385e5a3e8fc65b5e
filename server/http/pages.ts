import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { CORE_MSG, TEXT } from "@shared/text/page-text";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../app-env";
import type { Stores } from "../db/stores";
import { findQuote, restViewerRole } from "../policies/quote-access";
import type { LiveControl } from "../quotes/live-control";
import { readQuote } from "../quotes/read-quote";

// The pages the server sends already rendered (scripts/prerender.mjs builds them into dist/.ssr/):
// the landing page as built, and a shopper's quote rendered per request from the stored document
// with the shopper entry's own components (src/app/shopper-root.tsx), so the deal is on screen
// before any JavaScript runs and the shopper's entry hydrates onto the same markup.

/** What dist/.ssr/entry-server.js exports (src/entry-server.tsx). */
type EntryServer = {
  renderShopperPage(quoteId: string, pageData: unknown): Promise<string>;
  pageDataJson(data: unknown): string;
};

export type PrerenderedPages = {
  /** The SPA shell for every other route. */
  shell: string;
  landing: string;
  quoteTemplate: string;
  entryFile: string;
  /** CSP sources ('sha256-...') for the inline scripts of these pages. */
  scriptHashes: string[];
};

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

function inlineScriptHashes(...pages: string[]): string[] {
  const hashes = new Set<string>();
  for (const html of pages) {
    for (const [, code] of html.matchAll(INLINE_SCRIPT)) {
      hashes.add(
        `'sha256-${createHash("sha256")
          .update(code ?? "")
          .digest("base64")}'`,
      );
    }
  }
  return [...hashes];
}

/** Reads the build; a build without dist/.ssr is an old or partial one: say how to fix it. */
export function loadPrerenderedPages(staticDir: string): PrerenderedPages {
  const ssrDir = path.join(staticDir, ".ssr");
  const files = {
    shell: path.join(staticDir, "index.html"),
    landing: path.join(ssrDir, "landing.html"),
    quoteTemplate: path.join(ssrDir, "quote.html"),
    entryFile: path.join(ssrDir, "entry-server.js"),
  };
  for (const file of Object.values(files)) {
    if (!existsSync(file)) {
      throw new Error(`The front end is not built (${file} is missing). Run "npm run build".`);
    }
  }
  const shell = readFileSync(files.shell, "utf8");
  const landing = readFileSync(files.landing, "utf8");
  const quoteTemplate = readFileSync(files.quoteTemplate, "utf8");
  return {
    shell,
    landing,
    quoteTemplate,
    entryFile: files.entryFile,
    scriptHashes: inlineScriptHashes(shell, landing, quoteTemplate),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export type PageDeps = { stores: Stores; live: LiveControl; log?: (line: string) => void };

/**
 * GET / (pre-rendered) and GET /quote/{id} for shoppers: 200 with the deal, 410 with the expired
 * deal read-only, 404 with "Quote not found". The dealer's view (?view=dealer) and /quote/new are
 * the SPA's. The HTML carries exactly what GET /api/quotes/{id} gives a shopper: no customer data.
 */
export function mountPrerenderedPages(app: Hono<AppEnv>, pages: PrerenderedPages, deps: PageDeps): void {
  let entry: Promise<EntryServer> | undefined;
  const loadEntry = () => {
    entry ??= import(pathToFileURL(pages.entryFile).href) as Promise<EntryServer>;
    return entry;
  };

  app.get("/", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.html(pages.landing);
  });

  app.get("/quote/:id", async (c, next) => {
    const id = c.req.param("id");
    if (id === "new" || c.req.query("view") === "dealer") return next();
    const quote = await findQuote(deps.stores.quotes, id);
    const answer =
      quote && restViewerRole(quote, null) ? await readQuote(deps.stores, deps.live, quote, false) : null;
    const { renderShopperPage, pageDataJson } = await loadEntry();
    const pageData = { quote: { id, answer } };
    let body: string;
    try {
      body = await renderShopperPage(id, pageData);
    } catch (error) {
      // The app in the browser can still show the quote: serve it unrendered, and say why.
      (deps.log ?? console.log)(
        `Rendering /quote/${id} on the server failed: ${error instanceof Error ? error.stack : String(error)}`,
      );
      c.header("Cache-Control", "no-cache");
      return c.html(pages.shell);
    }
    const description =
      typeof answer?.data.vehicle === "object" ? vehicleDescription(answer.data.vehicle) : "";
    const title = answer
      ? `${description} ${TEXT.quoteDetails}`.trim()
      : `${CORE_MSG.quoteNotFound} | ${TEXT.productName}`;
    const html = pages.quoteTemplate
      .replace("<!--ssr-title-->", () => escapeHtml(title))
      .replace("<!--ssr-body-->", () => body)
      .replace("<!--ssr-data-->", () => pageDataJson(pageData));
    return quotePage(c, html, !answer ? 404 : answer.expired ? 410 : 200);
  });
}

function vehicleDescription(vehicle: unknown): string {
  const value = (vehicle as { description?: unknown } | null)?.description;
  return typeof value === "string" ? value : "";
}

function quotePage(c: Context<AppEnv>, html: string, status: 200 | 404 | 410) {
  // The deal changes live and the page is one shopper's: never kept by a shared cache, always
  // asked for again.
  c.header("Cache-Control", "private, no-cache");
  // The shopper page's service worker keeps a copy of this page only (never of the app shell that
  // a failed render falls back to): shopperServiceWorker in vite.config.ts.
  c.header("X-DealDesk-Page", "shopper-quote");
  return c.html(html, status);
}
