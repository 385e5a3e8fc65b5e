import { memberLabel } from "@shared/rules/permissions";
import type { QuoteRow } from "../../db/repositories/quotes";
import { currentSnapshotAt, storeVersion, versionSummary } from "../versions";
import type { CommandDeps, CommandMember } from "./command-deps";
import { dealChanged, versionEvents } from "./version-steps";

// The part a saved version and a counter-offer share: the deal as it stands, bound to what the
// dealer saw, stored as the next version with its history row and events in one transaction.

export type DealerVersionInput = {
  quote: QuoteRow;
  member: CommandMember;
  /**
   * Issue #46: the fingerprint of the deal the dealer saw (the page always sends it); when the
   * deal's differs now, 409 with the deal as it stands, and nothing is saved.
   */
  fingerprint?: string;
};

export async function storeDealerVersion(
  deps: CommandDeps,
  { quote, member, fingerprint }: DealerVersionInput,
  kind: "saved" | "counter",
) {
  const actor = memberLabel(member.firstName, member.role);
  const { snapshot, shownFingerprint } = await currentSnapshotAt(deps.stores, deps.live, quote);
  if (fingerprint !== undefined && fingerprint !== shownFingerprint) throw dealChanged(snapshot.data);
  const counter = kind === "counter";
  return storeVersion(deps.stores, {
    quoteId: quote.id,
    kind,
    actor,
    snapshot,
    historyEvent: (number, at) => ({
      at,
      role: "DEALER",
      actor,
      field: counter ? "counterOffer" : "version",
      newValue: versionSummary(number, snapshot),
    }),
    lock: counter ? "unlock" : undefined,
    events: await versionEvents(deps, quote, ["quote.version_created"]),
  });
}
