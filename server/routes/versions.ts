import { MSG, TEXT } from "@shared/messages";
import { memberLabel } from "@shared/permissions";
import { customerInfoSchema, shopperChoiceSchema } from "@shared/quote-schema";
import { strictObject } from "@shared/schema-fields";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";
import { optionalUser, requireUser } from "../auth/middleware";
import { quoteEvents, quotes, users } from "../db/schema";
import { ApiError, badRequest, notFound } from "../http/errors";
import { parseJson } from "../http/validate";
import { findQuote, isExpired, mayManage, type QuoteRow, restViewerRole } from "../policies/quote-access";
import { currentSnapshot, listVersions, readVersion, saveVersion, versionSummary } from "../quotes/versions";

// Issue #19 (README "Versions and acceptance"): the contract outside clients rely on.
//   POST /api/quotes/:id/versions          dealer: 201 { number, fingerprint, createdAt }
//   GET  /api/quotes/:id/versions          [{ number, kind, createdAt, actor, fingerprint }]
//   GET  /api/quotes/:id/versions/:n       one snapshot (a shopper's without the customer record)
//   PUT | PATCH | DELETE on a version      405
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
  const record = (
    quoteId: string,
    at: number,
    role: "DEALER" | "SHOPPER",
    actor: string | null,
    field: string,
    value: string,
  ) =>
    db
      .insert(quoteEvents)
      .values({ quoteId, at, role, actorName: actor, field, oldValue: null, newValue: value })
      .returning({ id: quoteEvents.id })
      .get();
  const push = (
    quoteId: string,
    event: {
      id: number;
      at: number;
      role: "DEALER" | "SHOPPER";
      actor: string | null;
      field: string;
      newValue: string;
    },
  ) => live.pushHistory(quoteId, { events: [{ ...event, oldValue: null }], removed: [] });

  // A saved version; while the deal is locked (accepted), the dealer's new version is a
  // counter-offer, which reopens the deal for both sides.
  routes.post("/:id/versions", requireUser(tokens), (c) => {
    const quote = dealerQuote(c);
    const user = c.var.user;
    const actor = memberLabel(user.firstName, user.role);
    // After an acceptance, the dealer's next version is a counter-offer (locked or reopened).
    const counter = quote.lockedAt !== null || listVersions(db, quote.id)[0]?.kind === "accepted";
    const snapshot = currentSnapshot(db, live, quote);
    let event: { id: number; at: number } | undefined;
    const version = saveVersion(
      db,
      quote.id,
      counter ? "counter" : "saved",
      actor,
      snapshot,
      (number, at) => {
        const text = versionSummary(number, snapshot);
        event = {
          id: record(quote.id, at, "DEALER", actor, counter ? "counterOffer" : "version", text).id,
          at,
        };
        if (counter) db.update(quotes).set({ lockedAt: null }).where(eq(quotes.id, quote.id)).run();
      },
    );
    if (counter) live.setLocked(quote.id, false, quote.acceptedVersion);
    if (event)
      push(quote.id, {
        ...event,
        role: "DEALER",
        actor,
        field: counter ? "counterOffer" : "version",
        newValue: versionSummary(version.number, snapshot),
      });
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
    let event: { id: number; at: number; text: string } | undefined;
    const version = saveVersion(db, quote.id, "accepted", "Shopper", snapshot, (number, at) => {
      const text = versionSummary(number, snapshot);
      event = { id: record(quote.id, at, "SHOPPER", null, "accepted", text).id, at, text };
      db.update(quotes).set({ lockedAt: at, acceptedVersion: number }).where(eq(quotes.id, quote.id)).run();
    });
    live.setLocked(quote.id, true, version.number);
    if (event)
      push(quote.id, {
        id: event.id,
        at: event.at,
        role: "SHOPPER",
        actor: null,
        field: "accepted",
        newValue: event.text,
      });
    // The salesperson hears of it by mail too (outbox without SMTP_URL).
    const salesperson = db.select().from(users).where(eq(users.id, quote.salespersonId)).get();
    if (salesperson) {
      const what = versionSummary(version.number, snapshot);
      const link = `${config.appUrl.replace(/\/$/, "")}/quote/${quote.id}?view=dealer`;
      const text = [
        `${MSG.dealAccepted(what)} for ${snapshot.data.vehicle.description}.`,
        "",
        `Name: ${body.name}`,
        `Phone: ${body.phone}`,
        `Email: ${body.email}`,
        "",
        `The deal is locked until you reopen it or make a counter-offer: ${link}`,
        "",
        `The ${TEXT.productName} team`,
      ].join("\n");
      try {
        await mailer.send({
          to: salesperson.email,
          subject: `Accepted: ${snapshot.data.vehicle.description}`,
          text,
          html: `<pre style="font-family:Arial,Helvetica,sans-serif;white-space:pre-wrap">${text.replace(/[&<>]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[ch] as string)}</pre>`,
        });
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
    const id = db.transaction(() => {
      db.update(quotes).set({ lockedAt: null }).where(eq(quotes.id, quote.id)).run();
      return record(
        quote.id,
        at,
        "DEALER",
        actor,
        "unlocked",
        `version ${quote.acceptedVersion ?? ""}`.trim(),
      ).id;
    });
    live.setLocked(quote.id, false, quote.acceptedVersion);
    push(quote.id, {
      id,
      at,
      role: "DEALER",
      actor,
      field: "unlocked",
      newValue: `version ${quote.acceptedVersion ?? ""}`.trim(),
    });
    return c.json({ locked: false });
  });

  return routes;
}
