import type { HistoryResponse } from "@shared/history-text";
import { MSG } from "@shared/messages";
import { seesEveryQuote } from "@shared/permissions";
import type { LiveStatusResponse } from "@shared/presence-text";
import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";
import { optionalUser, requireUser } from "../auth/middleware";
import { quotes } from "../db/schema";
import { readHistory } from "../history/read-history";
import { notFound } from "../http/errors";
import { findQuote, isOwner } from "../policies/quote-access";

// Issue #9, mounted under /api/quotes before the quotes resource (whose GET /:id would take
// "live-status" for an id): the dealer's live signals and a quote's history. Both are the
// owner's alone; a shopper (no token) or another dealer is told the quote does not exist.

export function quoteSignalsRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, tokens, live } = deps;
  const routes = new Hono<AppEnv>();

  // Polled by the dashboard every few seconds: an in-memory lookup plus one indexed query over
  // the few quotes being viewed anywhere right now.
  routes.get("/live-status", requireUser(tokens), (c) => {
    const viewing = live.presence.viewing();
    const body: LiveStatusResponse = { now: Date.now(), quotes: [] };
    if (viewing.length === 0) return c.json(body);
    const started = new Map(viewing.map((visit) => [visit.quoteId, visit.visitStartedAt]));
    const rows = db
      .select({ id: quotes.id, vehicle: quotes.vehicleDescription, customer: quotes.customerName })
      .from(quotes)
      .where(
        and(
          eq(quotes.dealerId, c.var.user.dealershipId),
          seesEveryQuote(c.var.user) ? undefined : eq(quotes.salespersonId, c.var.user.id),
          inArray(quotes.id, [...started.keys()]),
        ),
      )
      .all();
    body.quotes = rows.map((row) => ({
      id: row.id,
      visitStartedAt: started.get(row.id) ?? body.now,
      label: row.customer.trim() || row.vehicle,
    }));
    return c.json(body);
  });

  routes.get("/:id/history", optionalUser(tokens), (c) => {
    const quote = findQuote(db, c.req.param("id"));
    if (!quote || !isOwner(quote, c.var.optionalUser)) throw notFound(MSG.quoteNotFound);
    const body: HistoryResponse = { events: readHistory(db, quote.id) };
    return c.json(body);
  });

  return routes;
}
