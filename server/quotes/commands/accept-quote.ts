import { quoteDownPaymentProblem, shopperChoiceProblem } from "@shared/deal/deal-rules";
import { isChoiceOffered } from "@shared/deal/offered-choice";
import { choiceOf, presentedDeal, sameChoice } from "@shared/deal/presented-deal";
import type { ShopperChoice } from "@shared/schemas/quote-schema";
import { MSG } from "@shared/text/messages";
import type { QuoteRow } from "../../db/repositories/quotes";
import { StaleSnapshotError } from "../../db/repositories/versions";
import { badRequest } from "../../errors";
import {
  currentSnapshotAt,
  type ShopperContact,
  snapshotOf,
  storeVersion,
  type VersionEvents,
  type VersionSnapshot,
  versionSummary,
} from "../versions";
import type { CommandDeps } from "./command-deps";
import { dealChanged, pushHistory, versionEvents } from "./version-steps";

// POST /api/quotes/:id/accept (issue #19, #33, #34, #46): the shopper signs the deal they saw.
// Guarantees: what is stored is exactly the deal whose fingerprint the shopper accepted, read at
// the deal document's seq the lock commits at (another process's edit in between: read again);
// the version, its history row, the lock and `quote.version_created` + `quote.accepted` are one
// transaction; the rooms lock, the stock vehicle goes pending and the salesperson is mailed only
// after it committed.

export type Acceptance = ShopperContact & {
  /** The structure and term chosen: the one presented, or another cell the grid offers now. */
  structure: ShopperChoice;
  /** The fingerprint of the deal the shopper saw. */
  fingerprint: string;
};

/** An edit by another process between the read and the lock sends the read back, this many times. */
const ATTEMPTS = 11;

/** The version an accepted deal answers again (a phone that retries after a lost answer), or null. */
export const acceptedVersionOf = (quote: Pick<QuoteRow, "lockedAt" | "acceptedVersion">): number | null =>
  quote.lockedAt !== null ? quote.acceptedVersion : null;

export async function acceptQuote(
  deps: CommandDeps,
  { quote, acceptance }: { quote: QuoteRow; acceptance: Acceptance },
): Promise<{ version: number }> {
  const shopperContact: ShopperContact = {
    name: acceptance.name,
    phone: acceptance.phone,
    email: acceptance.email,
  };
  const events = await versionEvents(deps, quote, ["quote.version_created", "quote.accepted"]);
  const { version, event, snapshot } = await storeAcceptanceAtHead(
    deps,
    quote,
    acceptance,
    shopperContact,
    events,
  );
  deps.live.setDealState(quote.id, { locked: true, acceptedVersion: version.number, counterOffer: null });
  // Issue #37: the stock vehicle of an accepted deal is pending.
  await deps.stock.afterAcceptance(quote);
  await deps.live.stateChanged(quote.id);
  pushHistory(deps, quote.id, event);
  await mailSalesperson(deps, quote, {
    summary: event.newValue ?? versionSummary(version.number, snapshot),
    snapshot,
    shopperContact,
  });
  return { version: version.number };
}

/** The acceptance, read again while another process's edit moved the deal between read and lock. */
async function storeAcceptanceAtHead(...args: Parameters<typeof storeAcceptance>) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await storeAcceptance(...args);
    } catch (error) {
      if (error instanceof StaleSnapshotError && attempt < ATTEMPTS) continue;
      throw error;
    }
  }
}

/** Reads the deal as it stands, checks it is the one accepted, and stores the accepted version. */
async function storeAcceptance(
  deps: CommandDeps,
  quote: QuoteRow,
  acceptance: Acceptance,
  shopperContact: ShopperContact,
  events: VersionEvents,
) {
  const {
    snapshot: current,
    dealSeq,
    shownFingerprint,
  } = await currentSnapshotAt(deps.stores, deps.live, quote, {
    shopperContact,
  });
  // Issue #46: what is signed is exactly what the shopper saw: the deal as it stands now must have
  // the fingerprint they accepted, or nothing is saved and the page is shown the new deal.
  if (shownFingerprint !== acceptance.fingerprint) throw dealChanged(current.data);
  // The deal as presented, or another structure and term the dealer's grid offers now (a cell the
  // shopper saw on the same deal).
  const shown = choiceOf(presentedDeal(current.data));
  const asShown = sameChoice(shown, acceptance.structure);
  if (!asShown && !isChoiceOffered(current.data, acceptance.structure))
    throw badRequest(MSG.optionNoLongerOffered, [{ field: "structure", message: MSG.optionNoLongerOffered }]);
  const snapshot: VersionSnapshot = {
    ...snapshotOf(current.data, current.dealership, current.customer, {
      choice: asShown ? shown : acceptance.structure,
      shopperContact,
    }),
    fingerprint: acceptance.fingerprint,
  };
  // Issue #34: a deal no dealer would stand behind is not signed: a lease that is not offered, or
  // a down payment above the balance due (a concurrent edit may have put it there).
  const choiceProblem = shopperChoiceProblem({ ...snapshot.data, shopperChoice: acceptance.structure });
  if (choiceProblem) throw badRequest(choiceProblem, [{ field: "structure", message: choiceProblem }]);
  const downProblem = quoteDownPaymentProblem(snapshot.data);
  if (downProblem) throw badRequest(downProblem, [{ field: "downPayment", message: downProblem }]);
  const saved = await storeVersion(deps.stores, {
    quoteId: quote.id,
    kind: "accepted",
    actor: "Shopper",
    snapshot,
    historyEvent: (number, at) => ({
      at,
      role: "SHOPPER",
      actor: null,
      field: "accepted",
      newValue: versionSummary(number, snapshot),
    }),
    lock: "accept",
    dealSeq,
    events,
  });
  return { ...saved, snapshot };
}

/** The salesperson hears of it by mail too (the outbox without SMTP_URL); a failed mail is logged. */
async function mailSalesperson(
  deps: CommandDeps,
  quote: QuoteRow,
  {
    summary,
    snapshot,
    shopperContact,
  }: { summary: string; snapshot: VersionSnapshot; shopperContact: ShopperContact },
): Promise<void> {
  const salesperson = await deps.stores.users.byId(quote.salespersonId);
  if (!salesperson) return;
  try {
    await deps.mail.accepted(salesperson.email, {
      summary,
      vehicle: snapshot.data.vehicle.description,
      ...shopperContact,
      link: `${deps.config.appUrl.replace(/\/$/, "")}/quote/${quote.id}?view=dealer`,
    });
  } catch (error) {
    (deps.log ?? console.log)(
      `Acceptance email for quote ${quote.id} failed: ${error instanceof Error ? error.message : error}`,
    );
  }
}
