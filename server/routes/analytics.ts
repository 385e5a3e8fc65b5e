import { OPENED_GAP_MS, SHARED_GAP_MS } from "@shared/analytics/analytics";
import { ANALYTICS_MSG, SHARE_CHANNELS } from "@shared/analytics/analytics-text";
import { memberLabel } from "@shared/rules/permissions";
import { strictObject } from "@shared/schemas/schema-fields";
import { CORE_MSG } from "@shared/text/page-text";
import { Hono } from "hono";
import { z } from "zod";
import { readAnalytics } from "../analytics/analytics";
import { exportDeskLog } from "../analytics/desk-export";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { notFound } from "../errors";
import { optionalUser, requireUser } from "../http/auth-middleware";
import { parseJson } from "../http/validate";
import { can } from "../policies/policy";
import { authorizedQuote, findQuote } from "../policies/quote-access";
import { recordStep } from "../quotes/quote-lifecycle";

// Issue #40 (README "Analytics"):
//   GET  /api/analytics?from=&to=&salesperson=   the figures (shared/analytics/analytics.ts AnalyticsResponse)
//   GET  /api/quotes/export.csv?from=&to=&salesperson=&q=&accepted=&expired=   owners and managers
//   POST /api/quotes/:id/shared { via }           dealer: the link went out (copy, email, text)
//   POST /api/quotes/:id/opened                   a shopper's page opened the link
// The last two are the steps the funnel counts, stored as history rows ("shared", "opened").

export const sharedBody = strictObject({
  via: z.enum(Object.keys(SHARE_CHANNELS) as [keyof typeof SHARE_CHANNELS], {
    error: ANALYTICS_MSG.shareChannelInvalid,
  }),
});

export function analyticsRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.get("/", requireUser(tokens), async (c) =>
    c.json(await readAnalytics(stores, c.var.user, c.req.query())),
  );
  return routes;
}

/** Mounted under /api/quotes before the quotes resource, whose GET /:id would take "export.csv". */
export function dealStepRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens, live } = deps;
  const routes = new Hono<AppEnv>();

  routes.get("/export.csv", requireUser(tokens), async (c) => {
    const csv = await exportDeskLog(stores, c.var.user, c.req.query());
    const day = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="desk-log-${day}.csv"`,
      "Cache-Control": "no-store",
    });
  });

  routes.post("/:id/shared", requireUser(tokens), async (c) => {
    const member = c.var.user;
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), member, "recordShare");
    const { via } = await parseJson(c, sharedBody);
    const event = await recordStep(
      deps,
      quote,
      {
        at: Date.now(),
        role: "DEALER",
        actor: memberLabel(member.firstName, member.role),
        field: "shared",
        newValue: SHARE_CHANNELS[via],
      },
      SHARED_GAP_MS,
      { via },
    );
    if (event) live.pushHistory(quote.id, { events: [event], removed: [] });
    return c.body(null, 204);
  });

  // The shopper's page reports itself once it runs (a link preview fetching the HTML does not);
  // the dealer's own look at the shopper's view is not the shopper opening it.
  routes.post("/:id/opened", optionalUser(tokens), async (c) => {
    const quote = await findQuote(stores.quotes, c.req.param("id"));
    if (!quote) throw notFound(CORE_MSG.quoteNotFound);
    const viewer = c.var.optionalUser;
    if (viewer && can(viewer, "read", quote)) return c.body(null, 204);
    const event = await recordStep(
      deps,
      quote,
      { at: Date.now(), role: "SHOPPER", actor: null, field: "opened", newValue: null },
      OPENED_GAP_MS,
    );
    if (event) live.pushHistory(quote.id, { events: [event], removed: [] });
    return c.body(null, 204);
  });

  return routes;
}
