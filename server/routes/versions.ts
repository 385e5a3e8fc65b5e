import { customerInfoSchema, shopperChoiceSchema } from "@shared/schemas/quote-schema";
import { strictObject } from "@shared/schemas/schema-fields";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { memberSeesGross } from "../defaults/economics-store";
import { notFound } from "../errors";
import { optionalUser, requireUser } from "../http/auth-middleware";
import { parseJson, parseOptionalJson } from "../http/validate";
import { authorize } from "../policies/policy";
import { authorizedQuote, findQuote, restViewerRole } from "../policies/quote-access";
import { acceptedVersionOf, acceptQuote } from "../quotes/commands/accept-quote";
import { counterOffer, isCounterOffer } from "../quotes/commands/counter-offer";
import { saveVersion } from "../quotes/commands/save-version";
import { unlockDeal } from "../quotes/commands/unlock-deal";
import { listVersions, readVersion } from "../quotes/versions";
import { commandDeps } from "./command-deps";

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
//
// Each write here is one command (server/quotes/commands/): the route parses, authorizes
// (server/policies/policy.ts), calls the command and answers.

const fingerprintField = z.string({ error: MSG.fingerprintRequired }).min(1, MSG.fingerprintRequired).max(64);

export const acceptBody = strictObject({
  name: customerInfoSchema.shape.name,
  phone: z.string({ error: MSG.phoneIncomplete }).refine((v) => /^1\d{10}$/.test(v), MSG.phoneIncomplete),
  email: customerInfoSchema.shape.email.unwrap().refine((v) => v !== "", MSG.emailInvalidAddress),
  structure: shopperChoiceSchema,
  fingerprint: fingerprintField,
});

export const versionBody = strictObject({ fingerprint: fingerprintField.optional() });

export function versionRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const commands = commandDeps(deps);
  const routes = new Hono<AppEnv>();

  const anyViewer = async (c: Context<AppEnv>) => {
    const quote = await findQuote(stores.quotes, c.req.param("id") ?? "");
    const role = quote ? restViewerRole(quote, c.var.optionalUser) : null;
    if (!quote || !role) throw notFound(CORE_MSG.quoteNotFound);
    return { quote, dealer: role === "DEALER" };
  };

  // A saved version; while the deal is locked (accepted), the dealer's new version is a
  // counter-offer, which reopens the deal for both sides.
  routes.post("/:id/versions", requireUser(tokens), async (c) => {
    const member = c.var.user;
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), member, "saveVersion");
    const counter = await isCounterOffer(stores, quote);
    if (counter) authorize(member, "counterOffer", quote);
    const { fingerprint } = await parseOptionalJson(c, versionBody);
    const version = await (counter ? counterOffer : saveVersion)(commands, { quote, member, fingerprint });
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

  // The link is the right to accept (no token): 404 for no such quote, 410 once it expired.
  routes.post("/:id/accept", async (c) => {
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), null, "accept");
    // Accepting twice answers the same version (a phone that retries after a lost answer).
    const accepted = acceptedVersionOf(quote);
    if (accepted !== null) return c.json({ version: accepted }, 200);
    const acceptance = await parseJson(c, acceptBody);
    return c.json(await acceptQuote(commands, { quote, acceptance }), 201);
  });

  routes.post("/:id/unlock", requireUser(tokens), async (c) => {
    const member = c.var.user;
    const quote = await authorizedQuote(stores.quotes, c.req.param("id"), member, "unlock");
    await unlockDeal(commands, { quote, member });
    return c.json({ locked: false });
  });

  return routes;
}
