import type { HistoryEvent } from "@shared/history-text";
import { MSG } from "@shared/messages";
import { memberLabel } from "@shared/permissions";
import { customerInfoSchema, shopperChoiceSchema } from "@shared/quote-schema";
import { strictObject } from "@shared/schema-fields";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";
import { optionalUser, requireUser } from "../auth/middleware";
import { quotes, users } from "../db/schema";
import { recordRestEvent } from "../history/rest-event";
import { ApiError, badRequest, notFound } from "../http/errors";
import { parseJson } from "../http/validate";
import { acceptanceEmail } from "../mail/acceptance-email";
import { findQuote, isExpired, mayManage, type QuoteRow, restViewerRole } from "../policies/quote-access";
import { storedCustomerInfo } from "../quotes/read-quote";
import {
  currentSnapshot,
  latestVersionKind,
  listVersions,
  readVersion,
  saveVersion,
  versionSummary,
} from "../quotes/versions";

// Issue #19 (README "Versions and the deal sheet"): the contract outside clients rely on.
//   POST /api/quotes/:id/versions          dealer: 201 { number, fingerprint, createdAt }
//   GET  /api/quotes/:id/versions          [{ number, kind, createdAt, actor, fingerprint }]
//   GET  /api/quotes/:id/versions/:n       one snapshot (a shopper's without the customer record)
//   PUT | PATCH | DELETE on a version      405
//   GET  /api/quotes/:id/accept            the acceptance form's prefill: { name, phone, email }
//   POST /api/quotes/:id/accept            shopper: { name, phone, email, structure } -> 201 { version }
//   POST /api/quotes/:id/unlock            dealer: reopens the deal

const acceptBody = strictObject({
  name: customerInfoSchema.shape.name,
  phone: z.string({ error: MSG.phoneIncomplete }).refine((v) => /^1\d{10}$/.test(v), MSG.phoneIncomplete),
  email: customerInfoSchema.shape.email.unwrap().refine((v) => v !== "", MSG.emailInvalidAddress),
  structure: shopperChoiceSchema,
});

const gone = (message: string) => new ApiError(410, message);

export function versionRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, tokens, live, mailer, config } = deps;
  const log = deps.log ?? console.log;
  const routes = new Hono<AppEnv>();

  const dealerQuote = (c: Context<AppEnv>): QuoteRow => {
    const quote = findQuote(db, c.req.param("id") ?? "");
    if (!quote || !mayManage(quote, c.var.user)) throw notFound(MSG.quoteNotFound);
    return quote;
  };
  const anyViewer = (c: Context<AppEnv>) => {
    const quote = findQuote(db, c.req.param("id") ?? "");
    const role = quote ? restViewerRole(quote, c.var.optionalUser) : null;
    if (!quote || !role) throw notFound(MSG.quoteNotFound);
    return { quote, dealer: role === "DEALER" };
  };
  /** One history row (inside the caller's transaction); pushed to the deal's dealers once committed. */
  const record = (
    quoteId: string,
    at: number,
    role: HistoryEvent["role"],
    actor: string | null,
    field: string,
    value: string,
  ): HistoryEvent => recordRestEvent(db, quoteId, { at, role, actor, field, newValue: value });
  const push = (quoteId: string, event: HistoryEvent | undefined) => {
    if (event) live.pushHistory(quoteId, { events: [event], removed: [] });
  };

  // A saved version; while the deal is locked (accepted), the dealer's new version is a
  // counter-offer, which reopens the deal for both sides.
  routes.post("/:id/versions", requireUser(tokens), (c) => {
    const quote = dealerQuote(c);
    const user = c.var.user;
    const actor = memberLabel(user.firstName, user.role);
    // After an acceptance, the dealer's next version is a counter-offer (locked or reopened).
    const counter = quote.lockedAt !== null || latestVersionKind(db, quote.id) === "accepted";
    const snapshot = currentSnapshot(db, live, quote);
    let event: HistoryEvent | undefined;
    const version = saveVersion(
      db,
      quote.id,
      counter ? "counter" : "saved",
      actor,
      snapshot,
      (number, at) => {
        const field = counter ? "counterOffer" : "version";
        event = record(quote.id, at, "DEALER", actor, field, versionSummary(number, snapshot));
        if (counter) db.update(quotes).set({ lockedAt: null }).where(eq(quotes.id, quote.id)).run();
      },
    );
    if (counter)
      live.setDealState(quote.id, {
        locked: false,
        acceptedVersion: quote.acceptedVersion,
        counterOffer: version.number,
      });
    push(quote.id, event);
    return c.json(
      { number: version.number, fingerprint: version.fingerprint, createdAt: version.createdAt },
      201,
    );
  });

  routes.get("/:id/versions", optionalUser(tokens), (c) => {
    const { quote } = anyViewer(c);
    return c.json(listVersions(db, quote.id));
  });

  routes.get("/:id/versions/:n", optionalUser(tokens), (c) => {
    const { quote, dealer } = anyViewer(c);
    const number = Number(c.req.param("n"));
    const version =
      Number.isInteger(number) && number > 0 ? readVersion(db, quote.id, number, dealer) : undefined;
    if (!version) throw notFound(MSG.versionNotFound);
    return c.json(version);
  });

  // A version never changes, by any method.
  for (const path of ["/:id/versions", "/:id/versions/:n"])
    routes.on(["PUT", "PATCH", "DELETE"], path, (c) =>
      c.json({ message: MSG.versionsImmutable }, 405, { Allow: path.endsWith(":n") ? "GET" : "GET, POST" }),
    );

  // The acceptance form starts from what the dealer entered for this customer: the three fields the
  // shopper confirms and sends back, and nothing else of the customer record (issue #19). Asked for
  // only when the form opens; never in the page's HTML or GET /api/quotes/:id.
  routes.get("/:id/accept", (c) => {
    const quote = findQuote(db, c.req.param("id"));
    if (!quote) throw notFound(MSG.quoteNotFound);
    if (isExpired(quote)) throw gone(MSG.quoteExpired);
    const known = storedCustomerInfo(db, live, quote.id) ?? { name: "", phone: "", email: "" };
    return c.json({ name: known.name, phone: known.phone ?? "", email: known.email ?? "" });
  });

  routes.post("/:id/accept", async (c) => {
    const quote = findQuote(db, c.req.param("id"));
    if (!quote) throw notFound(MSG.quoteNotFound);
    if (isExpired(quote)) throw gone(MSG.quoteExpired);
    // Accepting twice answers the same version (a phone that retries after a lost answer).
    if (quote.lockedAt !== null && quote.acceptedVersion !== null)
      return c.json({ version: quote.acceptedVersion }, 200);
    const body = await parseJson(c, acceptBody);
    const shopperContact = { name: body.name, phone: body.phone, email: body.email };
    const snapshot = currentSnapshot(db, live, quote, { choice: body.structure, shopperContact });
    let event: HistoryEvent | undefined;
    const version = saveVersion(db, quote.id, "accepted", "Shopper", snapshot, (number, at) => {
      event = record(quote.id, at, "SHOPPER", null, "accepted", versionSummary(number, snapshot));
      db.update(quotes).set({ lockedAt: at, acceptedVersion: number }).where(eq(quotes.id, quote.id)).run();
    });
    live.setDealState(quote.id, { locked: true, acceptedVersion: version.number, counterOffer: null });
    push(quote.id, event);
    // The salesperson hears of it by mail too (outbox without SMTP_URL).
    const salesperson = db.select().from(users).where(eq(users.id, quote.salespersonId)).get();
    if (salesperson) {
      try {
        await mailer.send(
          acceptanceEmail(salesperson.email, {
            summary: event?.newValue ?? versionSummary(version.number, snapshot),
            vehicle: snapshot.data.vehicle.description,
            ...shopperContact,
            link: `${config.appUrl.replace(/\/$/, "")}/quote/${quote.id}?view=dealer`,
          }),
        );
      } catch (error) {
        log(
          `Acceptance email for quote ${quote.id} failed: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    return c.json({ version: version.number }, 201);
  });

  routes.post("/:id/unlock", requireUser(tokens), (c) => {
    const quote = dealerQuote(c);
    if (quote.lockedAt === null) throw badRequest(MSG.dealNotLocked);
    const user = c.var.user;
    const actor = memberLabel(user.firstName, user.role);
    const at = Date.now();
    const event = db.transaction(() => {
      db.update(quotes).set({ lockedAt: null }).where(eq(quotes.id, quote.id)).run();
      return record(
        quote.id,
        at,
        "DEALER",
        actor,
        "unlocked",
        `version ${quote.acceptedVersion ?? ""}`.trim(),
      );
    });
    live.setDealState(quote.id, {
      locked: false,
      acceptedVersion: quote.acceptedVersion,
      counterOffer: null,
    });
    push(quote.id, event);
    return c.json({ locked: false });
  });

  return routes;
}
