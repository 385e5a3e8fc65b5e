import { centsToDollars } from "@shared/core/money";
import { z } from "@shared/core/zod";
import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { dealDocName } from "@shared/live/quote-doc";
import { createQuoteSchema } from "@shared/schemas/quote-schema";
import { CORE_MSG } from "@shared/text/page-text";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { memberSeesGross } from "../defaults/economics-store";
import { badRequest, notFound } from "../errors";
import { optionalUser, requireUser } from "../http/auth-middleware";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { parseBody, parseJson } from "../http/validate";
import { fromStockSchema, isFromStock, quoteFromStock } from "../inventory/quote-from-stock";
import { setStockStatus, stockAfterReopen } from "../inventory/stock-status";
import { authorizedQuote, findQuote, maySeePrivate, restViewerRole } from "../policies/quote-access";
import { renewQuote } from "../quotes/commands/renew-quote";
import { createQuote, duplicateQuote } from "../quotes/create-quote";
import { deleteQuote } from "../quotes/quote-lifecycle";
import { documentContent, listQuotes, readQuote } from "../quotes/read-quote";
import { commandDeps } from "./command-deps";

// /api/quotes (spec §7). The deal itself lives in the quote's Yjs documents (server/live/); this
// resource creates them, lists the listing columns, reads a snapshot and deletes; and (issue #14)
// renews an expired quote and copies a deal for another shopper.

export function quotesRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens, live, config, handoff } = deps;
  const commands = commandDeps(deps);
  const routes = new Hono<AppEnv>();

  const quoteCreations = createRequestRateLimiter(config.quotesPerDealerPerMinute);

  // The vehicle typed by hand ({ vehicle, pricing }), or from stock ({ inventoryId }, issue #37).
  routes.post("/", requireUser(tokens), async (c) => {
    const raw = await parseJson(c, z.unknown());
    const fromStock = isFromStock(raw);
    const body = fromStock ? parseBody(fromStockSchema, raw) : parseBody(createQuoteSchema, raw);
    enforceRateLimit(c, quoteCreations, c.var.user.id);
    if ("inventoryId" in body) {
      const { vehicle, quote } = await quoteFromStock(stores, c.var.user.dealershipId, body.inventoryId);
      // Issue #38: the stock vehicle's cost goes to the quote's private document (never the deal's).
      const cost = vehicle.costCents === null ? undefined : centsToDollars(vehicle.costCents);
      const id = await createQuote(
        stores,
        c.var.user,
        quote,
        config.quoteValidityDays,
        vehicle.id,
        cost,
        handoff,
      );
      return c.json({ id }, 201);
    }
    const id = await createQuote(
      stores,
      c.var.user,
      body,
      config.quoteValidityDays,
      null,
      undefined,
      handoff,
    );
    return c.json({ id }, 201);
  });

  // Issue #37: "Mark sold" on the quote: its stock vehicle is sold.
  routes.post("/:id/sold", requireUser(tokens), async (c) => {
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), c.var.user, "markSold");
    if (!quote.inventoryId) throw badRequest(INVENTORY_MSG.quoteNotFromStock);
    const vehicle = await setStockStatus(deps, quote.dealerId, quote.inventoryId, "sold", {
      reason: "sold",
      quoteId: quote.id,
    });
    if (!vehicle) throw notFound(INVENTORY_MSG.vehicleNotFound);
    return c.json({ status: vehicle.status });
  });

  routes.get("/", requireUser(tokens), async (c) => c.json(await listQuotes(stores, c.var.user)));

  routes.get("/:id", optionalUser(tokens), async (c) => {
    const quote = await findQuote(stores.quotes, c.req.param("id"));
    const role = quote ? restViewerRole(quote, c.var.optionalUser) : null;
    if (!quote || !role) throw notFound(CORE_MSG.quoteNotFound);
    const member = c.var.optionalUser;
    // Issue #38: the gross and the economics only for a dealer who sees gross.
    const withGross =
      role === "DEALER" && member !== null && (await memberSeesGross(stores.defaults, member));
    return c.json(await readQuote(stores, live, quote, maySeePrivate(role), withGross));
  });

  // Another dealer's quote, or a colleague's, does not exist for the member (policy.ts: 404).

  // A new expiry, QUOTE_VALIDITY_DAYS from now, as for a new quote; recorded in the history.
  routes.post("/:id/renew", requireUser(tokens), async (c) => {
    const member = c.var.user;
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), member, "renew");
    const { expiresAt } = await renewQuote(commands, { quote, member });
    return c.json({ id: quote.id, expires_at: expiresAt });
  });

  // The deal as it stands, for another shopper: fresh id and link, no customer info.
  routes.post("/:id/duplicate", requireUser(tokens), async (c) => {
    const member = c.var.user;
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), member, "duplicate");
    enforceRateLimit(c, quoteCreations, member.id);
    const deal = await documentContent(stores, live, dealDocName(quote.id), "deal");
    const id = await duplicateQuote(stores, member, deal, quote, config.quoteValidityDays, handoff);
    return c.json({ id }, 201);
  });

  routes.delete("/:id", requireUser(tokens), async (c) => {
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), c.var.user, "delete");
    // Documents, update log and history rows go with the quote (ON DELETE CASCADE).
    await deleteQuote(deps, quote);
    live.closeQuote(quote.id);
    // Issue #37: an accepted deal that is deleted no longer holds its stock vehicle.
    if (quote.lockedAt !== null) await stockAfterReopen(deps, quote);
    return c.body(null, 204);
  });

  return routes;
}
