import { leaseProgramSchema, structuresEntrySchema } from "@shared/schemas/quote-schema";
import { strictObject } from "@shared/schemas/schema-fields";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { readPaymentOptions } from "../defaults/payment-options-store";
import { requireUser } from "../http/auth-middleware";
import { parseJson } from "../http/validate";
import { authorize } from "../policies/policy";

// /api/dealer-defaults/payment-options (issue #18): the cash-down rows, terms, structures shown
// and lease programme new quotes start with. Every member reads; owners and managers write.

export const paymentOptionsBody = strictObject({
  structures: structuresEntrySchema,
  leaseProgram: leaseProgramSchema.nullable(),
});

export function paymentOptionsRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens } = deps;
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));
  routes.get("/", async (c) => c.json(await readPaymentOptions(stores.defaults, c.var.user.dealershipId)));
  routes.put("/", async (c) => {
    authorize(c.var.user, "writeDefaults");
    const body = await parseJson(c, paymentOptionsBody);
    await stores.defaults.savePaymentOptions(c.var.user.dealershipId, body);
    return c.json(body);
  });
  return routes;
}
