import { type CreditTier, isCreditTier, LOAN_TERMS } from "@shared/core/constants";
import { economicsSettingsSchema } from "@shared/deal/economics";
import { type Member, maySeeGross } from "@shared/rules/permissions";
import { crudMessage } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { type InterestRateEntry, interestRatesBodySchema } from "@shared/validation/interest-rates";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import type { DefaultsStore } from "../db/repositories/defaults";
import { type DefaultList, defaultLists } from "../defaults/default-lists";
import { memberSeesGross, readEconomicsSettings } from "../defaults/economics-store";
import { notFound } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { parseJson } from "../http/validate";
import { authorize } from "../policies/policy";

/** /api/dealer-defaults: the signed-in member's dealership's defaults (spec §7, docs/decisions/007-dealer-defaults-api.md). */
export function dealerDefaultsRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(deps.tokens));
  // Everyone in the dealership reads its defaults; owners and managers write them (#20).
  routes.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") authorize(c.var.user, "writeDefaults");
    await next();
  });

  const [addOns, taxes, dealerFees, governmentFees] = defaultLists(deps.stores.lists);
  // Issue #38: an add-on's cost is deal economics: a salesperson without the gross right reads
  // the add-ons without it.
  mountList(routes, addOns, async (member) =>
    (await memberSeesGross(deps.stores.defaults, member)) ? (item) => item : withoutCost,
  );
  mountList(routes, taxes);
  mountList(routes, dealerFees);
  mountList(routes, governmentFees);
  const { defaults } = deps.stores;

  // Issue #38: the deal economics defaults. Read by those who see gross (a salesperson without the
  // right learns only that the setting is off); written by owners and managers, and "Salespeople
  // see gross" by the owner alone.
  routes.get("/economics", async (c) => {
    const settings = await readEconomicsSettings(defaults, c.var.user.dealershipId);
    if (!maySeeGross(c.var.user, settings)) return c.json({ salespeopleSeeGross: false });
    return c.json(settings);
  });

  routes.put("/economics", async (c) => {
    const body = await parseJson(c, economicsSettingsSchema);
    const dealerId = c.var.user.dealershipId;
    const current = await readEconomicsSettings(defaults, dealerId);
    if (body.salespeopleSeeGross !== current.salespeopleSeeGross)
      authorize(c.var.user, "changeGrossVisibility");
    await defaults.saveEconomics(dealerId, body);
    // Issue #38: turned off, every open economics socket of a salesperson closes, on every process
    // (the save bumped the dealership's quotes' state seqs; the rights are read again at once here).
    if (body.salespeopleSeeGross !== current.salespeopleSeeGross) await deps.live.teamChanged();
    return c.json(body);
  });

  routes.get("/interest-rates/:tier", async (c) => {
    const tier = c.req.param("tier");
    if (!isCreditTier(tier)) throw notFound(MSG.creditTierInvalid);
    return c.json({ interestRates: await tierRates(defaults, c.var.user.dealershipId, tier) });
  });

  routes.put("/interest-rates/:tier", async (c) => {
    const tier = c.req.param("tier");
    if (!isCreditTier(tier)) throw notFound(MSG.creditTierInvalid);
    const body = await parseJson(c, interestRatesBodySchema);
    await defaults.saveTierRates(c.var.user.dealershipId, tier, body.rates);
    return c.json({ interestRates: await tierRates(defaults, c.var.user.dealershipId, tier) });
  });

  return routes;
}

/** One tier of the dealer's rate sheet as GET/PUT /interest-rates/{tier} answer it: the six terms in order. */
async function tierRates(
  defaults: DefaultsStore,
  dealerId: string,
  tier: CreditTier,
): Promise<InterestRateEntry[]> {
  const row = (await defaults.interestRates(dealerId))[tier];
  return LOAN_TERMS.map((term) => ({
    term_months: term,
    interest_rate: row[String(term) as `${typeof term}`],
  }));
}

/** An add-on without its cost. */
function withoutCost(item: unknown): unknown {
  const { cost: _cost, ...rest } = item as Record<string, unknown>;
  return rest;
}

/**
 * GET, POST, GET /{id}, PUT /{id} and DELETE /{id} of one list. An id that is not the dealer's own
 * active item answers 404 whether it belongs to someone else, was deleted or never existed,
 * so the answer reveals nothing about other dealers.
 */
function mountList<Body, Item>(
  routes: Hono<AppEnv>,
  list: DefaultList<Body, Item>,
  /** How the member reads an item (all of it, unless a part of it is not theirs to see). */
  viewFor: (member: Member) => Promise<(item: Item) => unknown> = async () => (item) => item,
): void {
  const missing = () => notFound(crudMessage(list.kind, "notFound"));

  routes.get(`/${list.path}`, async (c) => {
    const view = await viewFor(c.var.user);
    const items = await list.store.active(c.var.user.dealershipId);
    return c.json({ [list.listKey]: items.map(view) });
  });

  routes.get(`/${list.path}/:id`, async (c) => {
    const item = await list.store.find(c.var.user.dealershipId, c.req.param("id"));
    if (item === undefined) throw missing();
    return c.json({ [list.itemKey]: (await viewFor(c.var.user))(item) });
  });

  routes.post(`/${list.path}`, async (c) => {
    const body = await parseJson(c, list.schema);
    return c.json({ [list.itemKey]: await list.store.create(c.var.user.dealershipId, body) }, 201);
  });

  routes.put(`/${list.path}/:id`, async (c) => {
    const body = await parseJson(c, list.schema);
    const item = await list.store.update(c.var.user.dealershipId, c.req.param("id"), body);
    if (item === undefined) throw missing();
    return c.json({ [list.itemKey]: item });
  });

  routes.delete(`/${list.path}/:id`, async (c) => {
    if (!(await list.store.softDelete(c.var.user.dealershipId, c.req.param("id")))) throw missing();
    return c.json({ message: crudMessage(list.kind, "deleted") });
  });
}
