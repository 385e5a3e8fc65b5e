import { MSG } from "@shared/messages";
import { createQuoteSchema } from "@shared/quote-schema";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";
import { optionalUser, requireUser } from "../auth/middleware";
import { quotes } from "../db/schema";
import { notFound } from "../http/errors";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { parseJson } from "../http/validate";
import { findQuote, mayManage, maySeePrivate, restViewerRole } from "../policies/quote-access";
import { createQuote } from "../quotes/create-quote";
import { listQuotes, readQuote } from "../quotes/read-quote";

// /api/quotes (spec §7). The deal itself lives in the quote's Yjs documents (server/live/); this
// resource creates them, lists the listing columns, reads a snapshot and deletes.

export function quotesRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, tokens, live, config } = deps;
  const routes = new Hono<AppEnv>();

  const quoteCreations = createRequestRateLimiter(config.quotesPerDealerPerMinute);

  routes.post("/", requireUser(tokens), async (c) => {
    const body = await parseJson(c, createQuoteSchema);
    enforceRateLimit(c, quoteCreations, c.var.user.id);
    const id = createQuote(db, c.var.user, body, config.quoteValidityDays);
    return c.json({ id }, 201);
  });

  routes.get("/", requireUser(tokens), (c) => c.json(listQuotes(db, c.var.user, live)));

  routes.get("/:id", optionalUser(tokens), (c) => {
    const quote = findQuote(db, c.req.param("id"));
    const role = quote ? restViewerRole(quote, c.var.optionalUser) : null;
    if (!quote || !role) throw notFound(MSG.quoteNotFound);
    return c.json(readQuote(db, live, quote, maySeePrivate(role)));
  });

  routes.delete("/:id", requireUser(tokens), (c) => {
    const quote = findQuote(db, c.req.param("id"));
    if (!quote || !mayManage(quote, c.var.user)) throw notFound(MSG.quoteNotFound);
    // Documents, update log and history rows go with the quote (ON DELETE CASCADE).
    db.delete(quotes).where(eq(quotes.id, quote.id)).run();
    live.closeQuote(quote.id);
    return c.body(null, 204);
  });

  return routes;
}
