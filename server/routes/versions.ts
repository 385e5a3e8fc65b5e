import { dealFingerprint } from "@shared/deal/deal-fingerprint";
import { quoteDownPaymentProblem, shopperChoiceProblem } from "@shared/deal/deal-rules";
import { isChoiceOffered } from "@shared/deal/offered-choice";
import { choiceOf, presentedDeal, sameChoice } from "@shared/deal/presented-deal";
import type { HistoryEvent } from "@shared/history-text";
import { CORE_MSG, MSG } from "@shared/messages";
import { memberLabel } from "@shared/permissions";
import { customerInfoSchema, shopperChoiceSchema } from "@shared/quote-schema";
import { strictObject } from "@shared/schema-fields";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { StaleSnapshotError } from "../db/repositories/versions";
import { memberSeesGross } from "../defaults/economics-store";
import { ApiError, badRequest, notFound } from "../errors";
import { optionalUser, requireUser } from "../http/auth-middleware";
import { parseJson, parseOptionalJson } from "../http/validate";
import { stockAfterAcceptance, stockAfterReopen } from "../inventory/stock-status";
import { acceptanceEmail } from "../mail/acceptance-email";
import { findQuote, isExpired, mayManage, type QuoteRow, restViewerRole } from "../policies/quote-access";
import { economicsOrNull, salespersonOf } from "../quotes/quote-events";
import { unlockQuote } from "../quotes/quote-lifecycle";
import {
  currentSnapshotAt,
  latestVersionKind,
  listVersions,
  readVersion,
  saveVersion,
  snapshotOf,
  type VersionSnapshot,
  versionSummary,
} from "../quotes/versions";

// Issue #19 (README "Versions and the deal sheet"): the contract outside clients rely on.
//   POST /api/quotes/:id/versions          dealer: 201 { number, fingerprint, createdAt }
//   GET  /api/quotes/:id/versions          [{ number, kind, createdAt, actor, fingerprint }]
//   GET  /api/quotes/:id/versions/:n       one snapshot (a shopper's without the customer record)
//   PUT | PATCH | DELETE on a version      405
//   POST /api/quotes/:id/accept            shopper: { name, phone, email, structure, fingerprint }
//                                          -> 201 { version }; 409 { message, selected, fingerprint }
//   POST /api/quotes/:id/unlock            dealer: reopens the deal
//
// Issue #46: an acceptance names the fingerprint of the deal the shopper saw
// (shared/deal/deal-fingerprint.ts); when the deal's fingerprint differs now (any edit by anyone
// since), 409 with the deal as it now stands, and nothing is saved or locked. A dealer's version
// may name one too (the page always does): a counter-offer is then bound the same way.

const fingerprintField = z.string({ error: MSG.fingerprintRequired }).min(1, MSG.fingerprintRequired).max(64);

export const acceptBody = strictObject({
  name: customerInfoSchema.shape.name,
  phone: z.string({ error: MSG.phoneIncomplete }).refine((v) => /^1\d{10}$/.test(v), MSG.phoneIncomplete),
  email: customerInfoSchema.shape.email.unwrap().refine((v) => v !== "", MSG.emailInvalidAddress),
  structure: shopperChoiceSchema,
  fingerprint: fingerprintField,
});

export const versionBody = strictObject({ fingerprint: fingerprintField.optional() });

/** 409: the deal changed since the caller saw it; the deal as presented now and its fingerprint. */
const dealChanged = (data: Parameters<typeof presentedDeal>[0]) =>
  new ApiError(409, MSG.dealChanged, undefined, {
    selected: presentedDeal(data),
    fingerprint: dealFingerprint(data),
  });

const gone = (message: string) => new ApiError(410, message);

export function versionRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens, live, mailer, config, handoff } = deps;
  const log = deps.log ?? console.log;
  const routes = new Hono<AppEnv>();

  const dealerQuote = async (c: Context<AppEnv>): Promise<QuoteRow> => {
    const quote = await findQuote(stores.quotes, c.req.param("id") ?? "");
    if (!quote || !mayManage(quote, c.var.user)) throw notFound(CORE_MSG.quoteNotFound);
    return quote;
  };
  const anyViewer = async (c: Context<AppEnv>) => {
    const quote = await findQuote(stores.quotes, c.req.param("id") ?? "");
    const role = quote ? restViewerRole(quote, c.var.optionalUser) : null;
    if (!quote || !role) throw notFound(CORE_MSG.quoteNotFound);
    return { quote, dealer: role === "DEALER" };
  };
  /** Pushes a committed history row to the deal's dealers. */
  const push = (quoteId: string, event: HistoryEvent) =>
    live.pushHistory(quoteId, { events: [event], removed: [] });
  /** Issue #39: the events a new version of the quote sends out, stored with it. */
  const versionEvents = async (quote: QuoteRow, types: ("quote.accepted" | "quote.version_created")[]) => ({
    emitter: handoff,
    quote: {
      id: quote.id,
      dealerId: quote.dealerId,
      salesperson: await salespersonOf(stores, quote.salespersonId),
    },
    types,
    economics: await economicsOrNull(deps, quote.id),
  });

  // A saved version; while the deal is locked (accepted), the dealer's new version is a
  // counter-offer, which reopens the deal for both sides.
  routes.post("/:id/versions", requireUser(tokens), async (c) => {
    const quote = await dealerQuote(c);
    const user = c.var.user;
    const actor = memberLabel(user.firstName, user.role);
    // After an acceptance, the dealer's next version is a counter-offer (locked or reopened).
    const counter = quote.lockedAt !== null || (await latestVersionKind(stores, quote.id)) === "accepted";
    const body = await parseOptionalJson(c, versionBody);
    const { snapshot, shownFingerprint } = await currentSnapshotAt(stores, live, quote);
    if (body.fingerprint !== undefined && body.fingerprint !== shownFingerprint)
      throw dealChanged(snapshot.data);
    const { version, event } = await saveVersion(
      stores,
      quote.id,
      counter ? "counter" : "saved",
      actor,
      snapshot,
      (number, at) => ({
        at,
        role: "DEALER",
        actor,
        field: counter ? "counterOffer" : "version",
        newValue: versionSummary(number, snapshot),
      }),
      counter ? "unlock" : undefined,
      undefined,
      await versionEvents(quote, ["quote.version_created"]),
    );
    if (counter) {
      live.setDealState(quote.id, {
        locked: false,
        acceptedVersion: quote.acceptedVersion,
        counterOffer: version.number,
      });
      // Issue #37: back to negotiation; the stock vehicle is free again unless another deal holds it.
      await stockAfterReopen(deps, quote);
    }
    await live.stateChanged(quote.id);
    push(quote.id, event);
    return c.json(
      { number: version.number, fingerprint: version.fingerprint, createdAt: version.createdAt },
      201,
    );
  });

  routes.get("/:id/versions", optionalUser(tokens), async (c) => {
    const { quote } = await anyViewer(c);
    return c.json(await listVersions(stores, quote.id));
  });

  routes.get("/:id/versions/:n", optionalUser(tokens), async (c) => {
    const { quote, dealer } = await anyViewer(c);
    const number = Number(c.req.param("n"));
    // Issue #38: the version's economics and gross, for a dealer who sees gross.
    const user = c.var.optionalUser;
    const withGross = dealer && user !== null && (await memberSeesGross(stores.defaults, user));
    const version =
      Number.isInteger(number) && number > 0
        ? await readVersion(stores, quote.id, number, dealer, withGross)
        : undefined;
    if (!version) throw notFound(MSG.versionNotFound);
    return c.json(version);
  });

  // A version never changes, by any method.
  for (const path of ["/:id/versions", "/:id/versions/:n"])
    routes.on(["PUT", "PATCH", "DELETE"], path, (c) =>
      c.json({ message: MSG.versionsImmutable }, 405, { Allow: path.endsWith(":n") ? "GET" : "GET, POST" }),
    );

  // Issue #33: no GET /:id/accept. The acceptance form starts empty: a link holder never reads
  // the customer's contact details (the shopper's own phone may remember what its owner typed).

  routes.post("/:id/accept", async (c) => {
    const quote = await findQuote(stores.quotes, c.req.param("id"));
    if (!quote) throw notFound(CORE_MSG.quoteNotFound);
    if (isExpired(quote)) throw gone(CORE_MSG.quoteExpired);
    // Accepting twice answers the same version (a phone that retries after a lost answer).
    if (quote.lockedAt !== null && quote.acceptedVersion !== null)
      return c.json({ version: quote.acceptedVersion }, 200);
    const body = await parseJson(c, acceptBody);
    const shopperContact = { name: body.name, phone: body.phone, email: body.email };
    const events = await versionEvents(quote, ["quote.version_created", "quote.accepted"]);
    // The version is the deal as it stands when the lock commits: another process's edit in
    // between sends the snapshot back to be read again (issue #33).
    const accepted = async (
      attempt = 0,
    ): Promise<Awaited<ReturnType<typeof saveVersion>> & { snapshot: VersionSnapshot }> => {
      const {
        snapshot: current,
        dealSeq,
        shownFingerprint,
      } = await currentSnapshotAt(stores, live, quote, {
        shopperContact,
      });
      // Issue #46: what is signed is exactly what the shopper saw: the deal as it stands now must
      // have the fingerprint they accepted, or nothing is saved and the page is shown the new deal.
      if (shownFingerprint !== body.fingerprint) throw dealChanged(current.data);
      // The deal as presented, or another structure and term the dealer's grid offers now (a cell
      // the shopper saw on the same deal).
      const shown = choiceOf(presentedDeal(current.data));
      const asShown = sameChoice(shown, body.structure);
      if (!asShown && !isChoiceOffered(current.data, body.structure))
        throw badRequest(MSG.optionNoLongerOffered, [
          { field: "structure", message: MSG.optionNoLongerOffered },
        ]);
      const snapshot: VersionSnapshot = {
        ...snapshotOf(current.data, current.dealership, current.customer, {
          choice: asShown ? shown : body.structure,
          shopperContact,
        }),
        fingerprint: body.fingerprint,
      };
      // Issue #34: a deal no dealer would stand behind is not signed: a lease that is not offered,
      // or a down payment above the balance due (a concurrent edit may have put it there).
      const choiceProblem = shopperChoiceProblem({ ...snapshot.data, shopperChoice: body.structure });
      if (choiceProblem) throw badRequest(choiceProblem, [{ field: "structure", message: choiceProblem }]);
      const downProblem = quoteDownPaymentProblem(snapshot.data);
      if (downProblem) throw badRequest(downProblem, [{ field: "downPayment", message: downProblem }]);
      try {
        const saved = await saveVersion(
          stores,
          quote.id,
          "accepted",
          "Shopper",
          snapshot,
          (number, at) => ({
            at,
            role: "SHOPPER",
            actor: null,
            field: "accepted",
            newValue: versionSummary(number, snapshot),
          }),
          "accept",
          dealSeq,
          events,
        );
        return { ...saved, snapshot };
      } catch (error) {
        if (error instanceof StaleSnapshotError && attempt < 10) return accepted(attempt + 1);
        throw error;
      }
    };
    const { version, event, snapshot } = await accepted();
    live.setDealState(quote.id, { locked: true, acceptedVersion: version.number, counterOffer: null });
    // Issue #37: the stock vehicle of an accepted deal is pending.
    await stockAfterAcceptance(deps, quote);
    await live.stateChanged(quote.id);
    push(quote.id, event);
    // The salesperson hears of it by mail too (outbox without SMTP_URL).
    const salesperson = await stores.users.byId(quote.salespersonId);
    if (salesperson) {
      try {
        await mailer.send(
          acceptanceEmail(salesperson.email, {
            summary: event.newValue ?? versionSummary(version.number, snapshot),
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

  routes.post("/:id/unlock", requireUser(tokens), async (c) => {
    const quote = await dealerQuote(c);
    if (quote.lockedAt === null) throw badRequest(MSG.dealNotLocked);
    const user = c.var.user;
    const actor = memberLabel(user.firstName, user.role);
    const at = Date.now();
    const event = await unlockQuote(deps, quote, {
      at,
      role: "DEALER",
      actor,
      field: "unlocked",
      newValue: `version ${quote.acceptedVersion ?? ""}`.trim(),
    });
    live.setDealState(quote.id, {
      locked: false,
      acceptedVersion: quote.acceptedVersion,
      counterOffer: null,
    });
    await stockAfterReopen(deps, quote);
    await live.stateChanged(quote.id);
    push(quote.id, event);
    return c.json({ locked: false });
  });

  return routes;
}
