import { centsToDollars, formatMoney, toCents } from "@shared/core/money";
import { calculateDeal } from "@shared/deal/calculate-deal";
import { downPaymentProblem } from "@shared/deal/deal-rules";
import type { DealInput } from "@shared/deal/deal-types";
import { type SolveFor, type SolveStructure, solveRounded } from "@shared/deal/solve";
import { heldFixedText, shortMoney } from "@shared/text/solve-text";
import {
  type CalculateBody,
  calculateBodySchema,
  resultInDollars,
  solveBodySchema,
  toDealInput,
} from "@shared/validation/calculate";
import { calculateGross, optionGross } from "@shared/validation/calculate-economics";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { ApiError, badRequest } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { parseJson } from "../http/validate";

// POST /api/calculate (and /solve): the deal calculator for dealer websites' payment widgets and for tests.
// Signed-in dealers only, rate-limited per dealer; dollars in and out (README "Calculation API").

const feesInGross = (body: Pick<CalculateBody, "fees">) => body.fees.map((fee) => fee.countsAsGross === true);

/** The body's deal at the answer. */
function answeredInput(input: DealInput, solveFor: SolveFor, value: number): DealInput {
  if (solveFor === "sellingPrice") return { ...input, sellingPriceCents: value };
  if (solveFor === "downPayment") return { ...input, downPaymentCents: value };
  return input;
}

/** What a solve held fixed: the term and rate of the option, and the price or down it did not solve. */
function heldFixedOf(input: DealInput, structure: SolveStructure, index: number, solveFor: SolveFor) {
  const finance = structure === "finance" ? input.finance[index] : undefined;
  const lease = structure === "lease" ? input.lease[index] : undefined;
  const months = solveFor === "months" ? undefined : (finance ?? lease)?.months;
  const rate = finance
    ? `${finance.aprPercent} % APR`
    : lease
      ? `money factor ${lease.moneyFactor}`
      : undefined;
  return {
    months,
    rate,
    down: solveFor === "downPayment" ? undefined : shortMoney(formatMoney(input.downPaymentCents)),
    sellingPrice: solveFor === "sellingPrice" ? undefined : shortMoney(formatMoney(input.sellingPriceCents)),
  };
}

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
    const result = calculateDeal(input);
    // Issue #49: with the dealer's economics, the gross of the deal and of each option.
    const gross = body.economics
      ? calculateGross(input, result, body.economics, feesInGross(body))
      : undefined;
    return c.json({ ...resultInDollars(result), ...(gross ? { gross } : {}) });
  });

  // Issue #38 (README "Solve for a payment"): a calculate body plus { target, solveFor } ->
  // 200 { value, payment }, exact to the cent; a target nothing reaches -> 422 { message }.
  routes.post("/solve", requireUser(deps.tokens), async (c) => {
    enforceRateLimit(c, limiter, c.var.user.id);
    const { target, solveFor, roundTo, ...body } = await parseJson(c, solveBodySchema);
    const input = toDealInput(body);
    const problem = downPaymentProblem(input);
    if (problem) throw badRequest(problem, [{ field: "downPayment", message: problem }]);
    const result = solveRounded(
      input,
      {
        structure: target.structure,
        index: target.index,
        monthlyPaymentCents: toCents(target.monthlyPayment),
      },
      solveFor,
      toCents(roundTo),
    );
    if (!result.ok) throw new ApiError(422, result.message);
    // Months are a count; a price or a down payment is dollars.
    const value = solveFor === "months" ? result.value : centsToDollars(result.value);
    const answered = answeredInput(input, solveFor, result.value);
    const held = heldFixedText(heldFixedOf(input, target.structure, result.index, solveFor));
    // Issue #49: with the dealer's economics, the gross at the answer, and whether it loses money.
    const gross = body.economics
      ? optionGross(answered, body.economics, feesInGross(body), target.structure, result.index)
      : null;
    return c.json({
      value,
      payment: centsToDollars(result.payment),
      roundTo,
      heldFixed: held,
      ...(gross ? { gross, losesMoney: gross.total !== null && gross.total < 0 } : {}),
    });
  });

  return routes;
}
