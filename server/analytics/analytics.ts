import {
  ANALYTICS_MAX_DAYS,
  type AnalyticsResponse,
  computeAnalytics,
  DAY_MS,
} from "@shared/analytics/analytics";
import { ANALYTICS_MSG } from "@shared/analytics/analytics-text";
import { type Member, seesEveryQuote } from "@shared/rules/permissions";
import type { QuoteScope } from "../db/repositories/quotes";
import type { Stores } from "../db/stores";
import { badRequest, forbidden } from "../errors";

// Issue #40: GET /api/analytics and the export's filters. Who sees what: owners and managers the
// dealership's figures (or one salesperson's), a salesperson their own only.

const DEFAULT_RANGE_DAYS = 30;

/** An ISO date ("2026-11-01", read as UTC midnight) or time; undefined when absent, null when invalid. */
function instant(value: string | undefined): number | undefined | null {
  if (value === undefined || value === "") return undefined;
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : null;
}

/** The range asked for; `required` false lets both ends be open (the export). */
export function readRange(
  query: { from?: string; to?: string },
  now: number,
  required: boolean,
): { from: number | null; to: number | null } {
  const from = instant(query.from);
  const to = instant(query.to);
  if (from === null)
    throw badRequest(ANALYTICS_MSG.fromInvalid, [{ field: "from", message: ANALYTICS_MSG.fromInvalid }]);
  if (to === null)
    throw badRequest(ANALYTICS_MSG.toInvalid, [{ field: "to", message: ANALYTICS_MSG.toInvalid }]);
  const end = to ?? (required ? now : null);
  const start = from ?? (required && end !== null ? end - DEFAULT_RANGE_DAYS * DAY_MS : null);
  if (start !== null && end !== null) {
    if (end <= start)
      throw badRequest(ANALYTICS_MSG.rangeBackwards, [
        { field: "to", message: ANALYTICS_MSG.rangeBackwards },
      ]);
    if (end - start > ANALYTICS_MAX_DAYS * DAY_MS)
      throw badRequest(ANALYTICS_MSG.rangeTooLong, [{ field: "from", message: ANALYTICS_MSG.rangeTooLong }]);
  }
  return { from: start, to: end };
}

/**
 * The quotes the figures cover. A salesperson naming anyone but themselves is refused; owners and
 * managers may name a member of their dealership.
 */
export async function analyticsScope(
  stores: Stores,
  member: Member,
  salesperson: string | undefined,
): Promise<QuoteScope> {
  const named = salesperson === undefined || salesperson === "" ? undefined : salesperson;
  if (!seesEveryQuote(member)) {
    if (named !== undefined && named !== member.id) throw forbidden(ANALYTICS_MSG.ownFiguresOnly);
    return { dealershipId: member.dealershipId, salespersonId: member.id };
  }
  if (named === undefined) return { dealershipId: member.dealershipId };
  if (!(await stores.users.member(member.dealershipId, named)))
    throw badRequest(ANALYTICS_MSG.salespersonUnknown, [
      { field: "salesperson", message: ANALYTICS_MSG.salespersonUnknown },
    ]);
  return { dealershipId: member.dealershipId, salespersonId: named };
}

/** Members' names ("Ann Lee") by id. */
export async function memberNames(stores: Stores, dealershipId: string): Promise<Map<string, string>> {
  const members = await stores.users.members(dealershipId);
  return new Map(members.map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()]));
}

export async function readAnalytics(
  stores: Stores,
  member: Member,
  query: { from?: string; to?: string; salesperson?: string },
  now = Date.now(),
): Promise<AnalyticsResponse> {
  const range = readRange(query, now, true);
  const from = range.from as number;
  const to = range.to as number;
  const scope = await analyticsScope(stores, member, query.salesperson);
  const [facts, names] = await Promise.all([
    stores.analytics.facts(scope, from, to),
    memberNames(stores, member.dealershipId),
  ]);
  return computeAnalytics(facts, { from, to, salesperson: scope.salespersonId ?? null, names });
}
