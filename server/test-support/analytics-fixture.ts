import {
  FIXTURE_OUTSIDE,
  FIXTURE_PEOPLE,
  FIXTURE_QUOTES,
  type FixturePerson,
  type FixtureQuote,
  H,
} from "@shared/testing/analytics-fixture";
import type { UserRow } from "../db/repositories/users";
import type { Stores } from "../db/stores";
import { addMember, createQuote, registerOwner } from "./store-contract/fixtures";

// Writes shared/testing/analytics-fixture.ts through the stores (either backend), as the routes
// would have: quote rows with documents, "shared" and "opened" history rows, versions with their
// figures (acceptances lock the deal), the dealer's unlock. Plus a quote of another dealership.

export type AnalyticsDesk = {
  owner: UserRow;
  manager: UserRow;
  people: Record<FixturePerson, UserRow>;
  quoteIds: Record<string, string>;
};

async function writeQuote(
  stores: Stores,
  salesperson: UserRow,
  quote: FixtureQuote,
  start: number,
  id: string,
) {
  const at = (hours: number) => Math.round(start + hours * H);
  await createQuote(stores, salesperson, id, {
    createdAt: at(quote.created),
    updatedAt: at(quote.created),
    expiresAt: at(quote.created) + 7 * 24 * H,
    vehicleDescription: quote.vehicle,
    customerName: quote.customer,
    outTheDoorCents: quote.outTheDoorCents,
    stockNumber: quote.stockNumber,
  });
  const steps: { at: number; write: () => Promise<unknown> }[] = [];
  for (const share of quote.shared)
    steps.push({
      at: share.at,
      write: () =>
        stores.quotes.recordStep(id, {
          at: at(share.at),
          role: "DEALER",
          actor: "Sam (salesperson)",
          field: "shared",
          newValue: share.via,
        }),
    });
  for (const opened of quote.opened)
    steps.push({
      at: opened,
      write: () =>
        stores.quotes.recordStep(id, {
          at: at(opened),
          role: "SHOPPER",
          actor: null,
          field: "opened",
          newValue: null,
        }),
    });
  for (const version of quote.versions)
    steps.push({
      at: version.at,
      write: () =>
        stores.versions.save(
          {
            quoteId: id,
            kind: version.kind,
            createdAt: at(version.at),
            actor: version.kind === "accepted" ? "Shopper" : "Sam (salesperson)",
            fingerprint: "0000-0000-0000",
            snapshot: { fixture: true },
            choiceStructure: version.structure ?? null,
            choiceMonths: version.months ?? null,
            choiceDownCents: version.downCents ?? null,
            outTheDoorCents: version.outTheDoorCents ?? null,
            monthlyCents: version.monthlyCents ?? null,
          },
          (number) => ({
            at: at(version.at),
            role: version.kind === "accepted" ? "SHOPPER" : "DEALER",
            actor: null,
            field: version.kind,
            newValue: `version ${number}`,
          }),
          version.kind === "accepted" ? "accept" : "unlock",
        ),
    });
  const { unlockedAt } = quote;
  if (unlockedAt !== undefined)
    steps.push({
      at: unlockedAt,
      write: () =>
        stores.quotes.unlock(id, {
          at: at(unlockedAt),
          role: "DEALER",
          actor: "Sam (salesperson)",
          field: "unlocked",
          newValue: "version 1",
        }),
    });
  // In the order they happened, as the routes would have written them.
  for (const step of steps.sort((a, b) => a.at - b.at)) await step.write();
}

/** The fixture's dealership (owner Olivia, manager Max, Sam and Sue), its quotes from `start`, and a stranger's quote. */
export async function writeAnalyticsDesk(stores: Stores, start: number, tag = ""): Promise<AnalyticsDesk> {
  const owner = await registerOwner(stores, `olivia${tag}@example.com`);
  const manager = await addMember(stores, owner, `max${tag}@example.com`, "manager", "Max");
  const sam = await addMember(
    stores,
    owner,
    `sam${tag}@example.com`,
    "salesperson",
    FIXTURE_PEOPLE.sam.firstName,
  );
  const sue = await addMember(
    stores,
    owner,
    `sue${tag}@example.com`,
    "salesperson",
    FIXTURE_PEOPLE.sue.firstName,
  );
  const people = { sam, sue };
  const quoteIds: Record<string, string> = {};
  for (const quote of [...FIXTURE_QUOTES, FIXTURE_OUTSIDE]) {
    const id = `fixture${tag}-${quote.key}`;
    quoteIds[quote.key] = id;
    await writeQuote(stores, people[quote.salesperson], quote, start, id);
  }
  // Another dealership's deal in the same weeks: never in this one's figures.
  const stranger = await registerOwner(stores, `stranger${tag}@example.com`);
  const first = FIXTURE_QUOTES[0] as FixtureQuote;
  await writeQuote(stores, stranger, first, start, `stranger${tag}-a`);
  return { owner, manager, people, quoteIds };
}
