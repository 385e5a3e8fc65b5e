import { HISTORY_LIMIT } from "@shared/history/history-push";
import type { HistoryResponse } from "@shared/history/history-text";
import { ACCEPTED_SIGNAL_MS, type LiveStatusResponse } from "@shared/text/presence-text";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { optionalUser, requireUser } from "../http/auth-middleware";
import { sameVehicleSignals } from "../inventory/same-vehicle";
import { authorizedQuote } from "../policies/quote-access";
import { quoteScope } from "../quotes/read-quote";

// Issue #9, mounted under /api/quotes before the quotes resource (whose GET /:id would take
// "live-status" for an id): the dealer's live signals and a quote's history. Both are the
// owner's alone; a shopper (no token) or another dealer is told the quote does not exist.

export function quoteSignalsRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens, live } = deps;
  const routes = new Hono<AppEnv>();

  // Polled by the dashboard every few seconds: an in-memory lookup plus one indexed query over
  // the few quotes being viewed anywhere right now.
  routes.get("/live-status", requireUser(tokens), async (c) => {
    const viewing = await live.presence.viewing();
    const now = Date.now();
    const scope = quoteScope(c.var.user);
    const label = (row: { vehicleDescription: string; customerName: string }) =>
      row.customerName.trim() || row.vehicleDescription;
    // Issue #19: the deals accepted lately, so the dashboard shows it at once (badge and notice).
    const accepted = (await stores.quotes.acceptedSince(scope, now - ACCEPTED_SIGNAL_MS, 50)).map((row) => ({
      id: row.id,
      version: row.acceptedVersion ?? 0,
      acceptedAt: row.lockedAt ?? now,
      label: label(row),
    }));
    const body: LiveStatusResponse = {
      now,
      quotes: [],
      accepted,
      sameVehicle: await sameVehicleSignals(stores, c.var.user, live.presence.dealersWorking()),
    };
    if (viewing.length === 0) return c.json(body);
    const started = new Map(viewing.map((visit) => [visit.quoteId, visit.visitStartedAt]));
    const rows = await stores.quotes.labels(scope, [...started.keys()]);
    body.quotes = rows.map((row) => ({
      id: row.id,
      visitStartedAt: started.get(row.id) ?? body.now,
      label: label(row),
    }));
    return c.json(body);
  });

  routes.get("/:id/history", optionalUser(tokens), async (c) => {
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), c.var.optionalUser, "read");
    const body: HistoryResponse = { events: await stores.history.read(quote.id, HISTORY_LIMIT) };
    return c.json(body);
  });

  return routes;
}
