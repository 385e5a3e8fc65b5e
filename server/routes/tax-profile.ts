import { centsToDollars } from "@shared/core/money";
import { EXAMPLE_TAX_PROFILES, quoteTaxRulesOf, standardTaxRules } from "@shared/deal/tax-profiles";
import { taxRulesSchema } from "@shared/schemas/quote-schema";
import { MSG } from "@shared/text/messages";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { readTaxRules } from "../defaults/tax-profile-store";
import { validationError } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { parseJson } from "../http/validate";
import { authorize } from "../policies/policy";

// /api/dealer-defaults/tax-profile: the dealer's tax rules (the rate lines are the taxes list).
// New quotes snapshot them; existing quotes keep the rules they were priced with.

/** DESKING.md's example state profiles, offered as starting templates (labelled as examples). */
const taxProfileTemplates = () =>
  EXAMPLE_TAX_PROFILES.map((profile) => ({
    id: profile.id,
    label: profile.label,
    state: profile.state,
    effectiveFrom: profile.effectiveFrom ?? null,
    rates: profile.rates.map((line) => ({
      description: line.name,
      rate: line.ratePercent,
      baseCap: line.baseCapCents === undefined ? null : centsToDollars(line.baseCapCents),
    })),
    taxRules: quoteTaxRulesOf(profile),
    sources: profile.sources,
    notes: profile.notes ?? "",
  }));

export function taxProfileRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));

  routes.get("/", async (c) =>
    c.json({
      taxRules: (await readTaxRules(stores.defaults, c.var.user.dealershipId)) ?? standardTaxRules(),
      templates: taxProfileTemplates(),
    }),
  );

  routes.put("/", async (c) => {
    // Owners and managers write the dealership's defaults (#20).
    authorize(c.var.user, "writeDefaults");
    const body = await parseJson(c, taxRulesSchema);
    if (body.tradeIn.rule === "capped" && body.tradeIn.cap === undefined)
      throw validationError([{ field: "tradeIn.cap", message: MSG.tradeInCapRequired }]);
    await stores.defaults.saveTaxRules(c.var.user.dealershipId, body);
    return c.json({ taxRules: body });
  });

  return routes;
}
