import { calculateDeal } from "@shared/deal/calculate-deal";
import { calculateBodySchema, resultInDollars, toDealInput } from "@shared/validation/calculate";
import { Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";
import { requireUser } from "../auth/middleware";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { parseJson } from "../http/validate";

// POST /api/calculate: the deal calculator for dealer websites' payment widgets and for tests.
// Signed-in dealers only, rate-limited per dealer; dollars in and out (README "Calculation API").

export function calculateRoutes(deps: AppDeps): Hono<AppEnv> {
  const limiter = createRequestRateLimiter(deps.config.calculateMaxPerMinute);
  const routes = new Hono<AppEnv>();

  routes.post("/", requireUser(deps.tokens), async (c) => {
    enforceRateLimit(c, limiter, c.var.user.id);
    const body = await parseJson(c, calculateBodySchema);
    return c.json(resultInDollars(calculateDeal(toDealInput(body))));
  });

  return routes;
}
