import { knownTimeZone } from "@shared/deal/deal-sheet";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { type Context, Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { notFound } from "../errors";
import { optionalUser } from "../http/auth-middleware";
import { clientIp } from "../http/client-ip";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { findQuote, restViewerRole } from "../policies/quote-access";
import { renderSheetPdf } from "../quotes/sheet-pdf";
import { currentSheet, type SheetCopy, versionSheet } from "../quotes/sheets";

// Issue #19 (README "Versions and the deal sheet"): the deal sheet of the current deal or of a
// stored version, for the page (JSON) and as a PDF. A signed-in dealer of the quote (bearer
// token) gets the dealer's copy with the customer record; anyone else with the link gets the
// shopper's copy, which holds no contact data beyond what the shopper sent with an acceptance.
//   GET /api/quotes/:id/sheet                  { copy, sheet }
//   GET /api/quotes/:id/versions/:n/sheet      { copy, sheet }
//   GET /quote/:id/sheet.pdf                   application/pdf
//   GET /quote/:id/versions/:n/sheet.pdf       application/pdf
// ?tz=<IANA zone> prints the dates in that zone (the page sends the browser's); else the server's.

/** PDFs cost a few milliseconds of CPU each: a client address gets this many a minute. */
const PDFS_PER_MINUTE = 60;

export function sheetRoutes(deps: AppDeps) {
  const { stores, live, tokens, config } = deps;
  const pdfLimiter = createRequestRateLimiter(PDFS_PER_MINUTE);

  const sheetOf = async (c: Context<AppEnv>) => {
    const quote = await findQuote(stores.quotes, c.req.param("id") ?? "");
    const role = quote ? restViewerRole(quote, c.var.optionalUser) : null;
    if (!quote || !role) throw notFound(CORE_MSG.quoteNotFound);
    const copy: SheetCopy = role === "DEALER" ? "dealer" : "shopper";
    const timeZone = knownTimeZone(c.req.query("tz"));
    const raw = c.req.param("n");
    if (raw === undefined)
      return { copy, quote, sheet: await currentSheet(stores, live, quote, copy, timeZone) };
    const number = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
    const sheet = number > 0 ? await versionSheet(stores, quote, number, copy, timeZone) : undefined;
    if (!sheet) throw notFound(MSG.versionNotFound);
    return { copy, quote, sheet };
  };

  const api = new Hono<AppEnv>();
  for (const path of ["/:id/sheet", "/:id/versions/:n/sheet"])
    api.get(path, optionalUser(tokens), async (c) => {
      const { copy, sheet } = await sheetOf(c);
      return c.json({ copy, sheet });
    });

  const pdf = new Hono<AppEnv>();
  for (const path of ["/:id/sheet.pdf", "/:id/versions/:n/sheet.pdf"])
    pdf.get(path, optionalUser(tokens), async (c) => {
      enforceRateLimit(c, pdfLimiter, clientIp(c, config.trustProxy));
      const { copy, quote, sheet } = await sheetOf(c);
      const bytes = await renderSheetPdf(sheet);
      const version = c.req.param("n");
      const name = `deal-sheet-${quote.id.slice(0, 8)}${version ? `-v${version}` : ""}.pdf`;
      return c.body(new Uint8Array(bytes), 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `inline; filename="${name}"`,
        // Each copy is per viewer (the dealer's holds the customer): never cached on the way.
        "Cache-Control": "private, no-store",
        "X-Deal-Sheet-Copy": copy,
      });
    });

  return { api, pdf };
}
