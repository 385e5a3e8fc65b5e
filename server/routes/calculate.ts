import { calculateDeal } from "@shared/deal/calculate-deal";
import { MSG } from "@shared/messages";
import { calculateBodySchema, resultInDollars, toDealInput } from "@shared/validation/calculate";
import { Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";
import { requireUser } from "../auth/middleware";
import { ApiError } from "../http/errors";
import { createRequestRateLimiter } from "../http/request-rate-limit";
import { parseJson } from "../http/validate";

// POST /api/calculate: the deal calculator for dealer websites' payment widgets and for tests.
// Signed-in dealers only, rate-limited per dealer; dollars in and out (README "Calculation API").

export function calculateRoutes(deps: AppDeps): Hono<AppEnv> {
  const limiter = createRequestRateLimiter(deps.config.calculateMaxPerMinute);
  const routes = new Hono<AppEnv>();

  routes.post("/", requireUser(deps.tokens), async (c) => {
    const waitMs = limiter.take(c.var.user.id);
    if (waitMs > 0) {
      c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
      throw new ApiError(429, MSG.tooManyRequests);
    }
    const body = await parseJson(c, calculateBodySchema);
    return c.json(resultInDollars(calculateDeal(toDealInput(body))));
  });

  return routes;
}
