import { calculateDeal } from "@shared/deal/calculate-deal";
import { downPaymentProblem } from "@shared/deal/deal-rules";
import { calculateBodySchema, resultInDollars, toDealInput } from "@shared/validation/calculate";
import { Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";
import { requireUser } from "../auth/middleware";
import { badRequest } from "../http/errors";
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
    const input = toDealInput(body);
    // Issue #34: a down payment never exceeds the balance due after the trade (the quote's rule).
    const problem = downPaymentProblem(input);
    if (problem) throw badRequest(problem, [{ field: "downPayment", message: problem }]);
    return c.json(resultInDollars(calculateDeal(input)));
  });

  return routes;
}
