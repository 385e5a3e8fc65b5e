import { ANALYTICS_MSG } from "@shared/analytics/analytics-text";
import { type CsvCell, csvRecord } from "@shared/core/csv";
import { choiceText } from "@shared/deal/structure-grid";
import { type Member, seesEveryQuote } from "@shared/rules/permissions";
import { matchesQuoteSearch } from "@shared/rules/quote-list";
import type { ExportRow } from "../db/repositories/analytics";
import type { Stores } from "../db/stores";
import { badRequest, forbidden } from "../errors";
import { currentListingFigures } from "../quotes/listing-total";
import { analyticsScope, memberNames, readRange } from "./analytics";

// Issue #40: the desk log as CSV (GET /api/quotes/export.csv), owners and managers, with the desk
// log's filters. Listing columns and the newest accepted version only: no document is opened, so
// 50,000 rows take one query and a string build.

export const EXPORT_HEADER = [
  "Quote ID",
  "Created",
  "Salesperson",
  "Customer",
  "Vehicle",
  "Stock #",
  "Status",
  "Selected structure",
  "Monthly payment",
  "Out-the-door price",
  "Accepted at",
  // Issue #38: the total gross (the export is for owners and managers, who always see gross).
  "Gross",
] as const;

type ExportQuery = {
  from?: string;
  to?: string;
  salesperson?: string;
  q?: string;
  accepted?: string;
  expired?: string;
};

/** "true"/"false" filters; absent: no filter. */
function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  throw badRequest(ANALYTICS_MSG.filterInvalid);
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
/** Issue #46: money as a number cell ("-855.00"), never text a spreadsheet cannot add. */
const dollars = (cents: number | null): CsvCell =>
  cents === null ? null : { fixed: (cents / 100).toFixed(2) };

/** Accepted (locked with the shopper's version), Reopened (accepted, then unlocked), Expired or Active. */
function status(row: ExportRow, now: number): string {
  if (row.lockedAt !== null && row.accepted) return "Accepted";
  if (row.accepted) return "Reopened";
  return row.expiresAt < now ? "Expired" : "Active";
}

/**
 * The accepted version's presented deal while the deal stands accepted (the figures it stored),
 * else the deal as presented now (issue #46: the listing's, from the document as it stands).
 */
function structureOf(row: ExportRow): { text: string | null; monthlyCents: number | null } {
  const a = row.accepted;
  if (row.lockedAt !== null && a?.structure) {
    const text =
      a.structure === "cash"
        ? choiceText({ structure: "cash" })
        : choiceText({
            structure: a.structure as "finance" | "lease",
            months: a.months ?? 0,
            down: (a.downCents ?? 0) / 100,
          });
    return { text, monthlyCents: a.monthlyCents };
  }
  return { text: row.selectedStructure, monthlyCents: row.monthlyCents };
}

export async function exportDeskLog(
  stores: Stores,
  member: Member,
  query: ExportQuery,
  now = Date.now(),
): Promise<string> {
  if (!seesEveryQuote(member)) throw forbidden(ANALYTICS_MSG.exportForbidden);
  const { from, to } = readRange(query, now, false);
  const accepted = flag(query.accepted);
  const expired = flag(query.expired);
  const scope = await analyticsScope(stores, member, query.salesperson);
  const [listed, names, pending] = await Promise.all([
    stores.analytics.exportRows(scope, from, to),
    memberNames(stores, member.dealershipId),
    stores.documents.quotesWithPendingUpdates(member.dealershipId),
  ]);
  // Issue #46: a deal edited since its last compaction is read from its stored document.
  const listedIds = new Set(listed.map((row) => row.id));
  const current = await currentListingFigures(
    stores,
    pending.filter((id) => listedIds.has(id)),
  );
  const rows = listed.map((row) => {
    const now = current.get(row.id);
    return now
      ? {
          ...row,
          outTheDoorCents: now.outTheDoorCents,
          selectedStructure: now.selectedStructure,
          monthlyCents: now.monthlyCents,
          grossCents: now.grossCents,
        }
      : row;
  });
  const search = query.q ?? "";
  const parts: string[] = [csvRecord(EXPORT_HEADER)];
  for (const row of rows) {
    if (accepted !== undefined && (row.lockedAt !== null && row.accepted !== null) !== accepted) continue;
    if (expired === false && row.expiresAt < now) continue;
    if (!matchesQuoteSearch(row, search)) continue;
    const chosen = structureOf(row);
    const cells: CsvCell[] = [
      row.id,
      iso(row.createdAt),
      names.get(row.salespersonId) ?? "",
      row.customerName,
      row.vehicleDescription,
      row.stockNumber ?? "",
      status(row, now),
      chosen.text ?? "",
      dollars(chosen.monthlyCents),
      dollars(row.outTheDoorCents),
      iso(row.accepted?.at ?? null),
      dollars(row.grossCents),
    ];
    parts.push(csvRecord(cells));
  }
  return parts.join("");
}
