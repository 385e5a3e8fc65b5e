import { calculateDeal } from "@shared/deal/calculate-deal";
import { downPaymentProblem } from "@shared/deal/deal-rules";
import { solvePayment } from "@shared/deal/solve";
import { centsToDollars, toCents } from "@shared/money";
import {
  calculateBodySchema,
  resultInDollars,
  solveBodySchema,
  toDealInput,
} from "@shared/validation/calculate";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { ApiError, badRequest } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { parseJson } from "../http/validate";

// POST /api/calculate (and /solve): the deal calculator for dealer websites' payment widgets and for tests.
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

  // Issue #38 (README "Solve for a payment"): a calculate body plus { target, solveFor } ->
  // 200 { value, payment }, exact to the cent; a target nothing reaches -> 422 { message }.
  routes.post("/solve", requireUser(deps.tokens), async (c) => {
    enforceRateLimit(c, limiter, c.var.user.id);
    const { target, solveFor, ...body } = await parseJson(c, solveBodySchema);
    const input = toDealInput(body);
    const problem = downPaymentProblem(input);
    if (problem) throw badRequest(problem, [{ field: "downPayment", message: problem }]);
    const result = solvePayment(
      input,
      {
        structure: target.structure,
        index: target.index,
        monthlyPaymentCents: toCents(target.monthlyPayment),
      },
      solveFor,
    );
    if (!result.ok) throw new ApiError(422, result.message);
    // Months are a count; a price or a down payment is dollars.
    const value = solveFor === "months" ? result.value : centsToDollars(result.value);
    return c.json({ value, payment: centsToDollars(result.payment) });
  });

  return routes;
}
