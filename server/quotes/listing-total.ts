import { toCents } from "@shared/core/money";
import { readEconomics } from "@shared/deal/economics";
import { dealGross } from "@shared/deal/gross";
import { presentedDeal } from "@shared/deal/presented-deal";
import { computeBreakdown } from "@shared/deal/pricing";
import { choiceText } from "@shared/deal/structure-grid";
import { dealArray, dealDocName, economicsArray, economicsDocName, readDoc } from "@shared/live/quote-doc";
import type { ListingFigures } from "@shared/rules/quote-list";
import { quoteDataSchema } from "@shared/schemas/quote-schema";
import { withPlainText } from "@shared/schemas/schema-fields";
import type * as Y from "yjs";
import { docFromStored } from "../db/stored-doc";
import type { Stores } from "../db/stores";

// The desk log's out-the-door column (issue #20). The figure is the quote page's own
// (shared/deal/pricing.ts), kept in a listing column so that listing 5,000 quotes never opens a
// document: written at creation and at every compaction of the deal's room (so at the latest
// when its last connection leaves); a room open right now is read live by the listing instead.

/** The deal's out-the-door price in cents; null when the content does not make a valid deal. */
export function outTheDoorCentsOf(deal: Record<string, unknown>): number | null {
  const parsed = quoteDataSchema.safeParse({ customInterestRates: {}, ...(withPlainText(deal) as object) });
  return parsed.success ? computeBreakdown(parsed.data).outTheDoorPrice : null;
}

/** The deal's listing figures; a deal that does not price has a null out-the-door price. */
export function listingFiguresOf(deal: Record<string, unknown>): ListingFigures {
  const parsed = quoteDataSchema.safeParse({ customInterestRates: {}, ...deal });
  if (!parsed.success)
    return { outTheDoorCents: null, stockNumber: "", selectedStructure: null, monthlyCents: null };
  const data = parsed.data;
  // Issue #46: the deal as presented (the shopper's pick or the dealer's default) and its payment.
  const presented = presentedDeal(data);
  return {
    outTheDoorCents: computeBreakdown(data).outTheDoorPrice,
    stockNumber: data.vehicle.stockNumber ?? "",
    selectedStructure: choiceText(presented),
    monthlyCents: presented.monthlyPayment === undefined ? null : toCents(presented.monthlyPayment),
  };
}

export const listingFiguresOfDoc = (doc: Y.Doc): ListingFigures => listingFiguresOf(readDoc(dealArray(doc)));

/**
 * Issue #38: the desk log's Gross column, the deal's total gross in cents (shared/deal/gross.ts,
 * the Desk panel's own figure) from the deal and the economics document's content; null when it
 * is not known (no vehicle cost yet) or the deal does not price. Dealer-private: the listing
 * answers it only to members who see gross.
 */
export function listingGrossCentsOf(
  deal: Record<string, unknown>,
  economicsDoc: Record<string, unknown>,
): number | null {
  const parsed = quoteDataSchema.safeParse(withPlainText({ customInterestRates: {}, ...deal }));
  if (!parsed.success) return null;
  return dealGross(parsed.data, readEconomics(withPlainText(economicsDoc.economics))).total;
}

export const listingGrossOfDocs = (deal: Y.Doc, economics: Y.Doc): number | null =>
  listingGrossCentsOf(readDoc(dealArray(deal)), readDoc(economicsArray(economics)));

/**
 * Issue #46: the listing figures and gross of quotes as their stored documents stand now (the
 * snapshot and the log after it), for the quotes whose documents changed since the columns were
 * written at their last compaction: the desk log, its CSV and the dashboard show the current deal,
 * on every process (not a copy from when the last socket closed).
 */
export async function currentListingFigures(
  stores: Pick<Stores, "documents">,
  quoteIds: readonly string[],
): Promise<Map<string, ListingFigures & { grossCents: number | null }>> {
  const figures = new Map<string, ListingFigures & { grossCents: number | null }>();
  for (const id of quoteIds) {
    const loaded = await Promise.all([
      stores.documents.load(dealDocName(id)),
      stores.documents.load(economicsDocName(id)),
    ]).catch(() => null);
    // A stored document that cannot be read: the columns stand.
    if (!loaded) continue;
    const [deal, economics] = loaded;
    if (!deal) continue;
    const dealDoc = docFromStored(deal, dealDocName(id));
    const economicsDoc = economics ? docFromStored(economics, economicsDocName(id)) : null;
    try {
      figures.set(id, {
        ...listingFiguresOfDoc(dealDoc),
        grossCents: economicsDoc ? listingGrossOfDocs(dealDoc, economicsDoc) : null,
      });
    } catch {
      // A stored document that does not read: the columns stand.
    } finally {
      dealDoc.destroy();
      economicsDoc?.destroy();
    }
  }
  return figures;
}

/**
 * Quotes stored before the columns existed (migrations 0004 and 0010) get their figure in the background
 * after start-up, a batch at a time so that requests are served in between. Returns a stop.
 */
export function backfillListingTotals(
  stores: Pick<Stores, "quotes" | "documents">,
  log: (line: string) => void,
  batch = 50,
): () => void {
  let stopped = false;
  let filled = 0;
  // A cursor over the ids: quotes whose document does not price stay null ("—") and are passed.
  let after = "";
  const fill = async (id: string) => {
    let doc: Y.Doc | undefined;
    try {
      const stored = await stores.documents.load(dealDocName(id));
      if (!stored) return;
      doc = docFromStored(stored, dealDocName(id));
      const figures = listingFiguresOfDoc(doc);
      if (figures.outTheDoorCents !== null) {
        await stores.quotes.setListingFigures(id, figures);
        filled += 1;
      }
    } catch {
      // A stored document that does not load: the column stays empty.
    } finally {
      doc?.destroy();
    }
  };
  const step = async () => {
    if (stopped) return;
    let ids: string[];
    try {
      ids = await stores.quotes.withoutListingFigures(after, batch);
    } catch (error) {
      log(`desk log: out-the-door backfill stopped: ${String(error)}`);
      return;
    }
    if (ids.length === 0) {
      if (filled > 0) log(`desk log: out-the-door price filled in for ${filled} quotes`);
      return;
    }
    for (const id of ids) {
      if (stopped) return;
      after = id;
      await fill(id);
    }
    setImmediate(() => void step());
  };
  setImmediate(() => void step());
  return () => {
    stopped = true;
  };
}
