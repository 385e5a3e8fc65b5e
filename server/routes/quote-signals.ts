import type { HistoryResponse } from "@shared/history-text";
import { MSG } from "@shared/messages";
import { seesEveryQuote } from "@shared/permissions";
import { ACCEPTED_SIGNAL_MS, type LiveStatusResponse } from "@shared/presence-text";
import { and, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
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
    const now = Date.now();
    const scope = and(
      eq(quotes.dealerId, c.var.user.dealershipId),
      seesEveryQuote(c.var.user) ? undefined : eq(quotes.salespersonId, c.var.user.id),
    );
    const label = (row: { vehicle: string; customer: string }) => row.customer.trim() || row.vehicle;
    // Issue #19: the deals accepted lately, so the dashboard shows it at once (badge and notice).
    const accepted = db
      .select({
        id: quotes.id,
        version: quotes.acceptedVersion,
        acceptedAt: quotes.lockedAt,
        vehicle: quotes.vehicleDescription,
        customer: quotes.customerName,
      })
      .from(quotes)
      .where(and(scope, isNotNull(quotes.acceptedVersion), gte(quotes.lockedAt, now - ACCEPTED_SIGNAL_MS)))
      .orderBy(desc(quotes.lockedAt))
      .limit(50)
      .all()
      .map((row) => ({
        id: row.id,
        version: row.version ?? 0,
        acceptedAt: row.acceptedAt ?? now,
        label: label(row),
      }));
    const body: LiveStatusResponse = { now, quotes: [], accepted };
    if (viewing.length === 0) return c.json(body);
    const started = new Map(viewing.map((visit) => [visit.quoteId, visit.visitStartedAt]));
    const rows = db
      .select({ id: quotes.id, vehicle: quotes.vehicleDescription, customer: quotes.customerName })
      .from(quotes)
      .where(and(scope, inArray(quotes.id, [...started.keys()])))
      .all();
    body.quotes = rows.map((row) => ({
      id: row.id,
      visitStartedAt: started.get(row.id) ?? body.now,
      label: label(row),
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
