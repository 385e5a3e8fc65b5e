import { randomUUID } from "node:crypto";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import type { UserRow } from "../app-env";
import { dealerships, users } from "../db/schema";
import type { TestApp } from "./test-app";

let counter = 0;

/**
 * A dealer row written straight into the database, with a valid token. For tests of other
 * resources; the auth routes' own tests register through the API.
 */
export async function createDealer(
  t: Pick<TestApp, "db" | "tokens">,
  overrides: Partial<UserRow> = {},
): Promise<{ user: UserRow; token: string }> {
  counter += 1;
  const now = Date.now();
  // Its own new dealership (as the owner) unless the overrides name one.
  let dealershipId = overrides.dealershipId;
  if (dealershipId === undefined) {
    dealershipId = randomUUID();
    t.db
      .insert(dealerships)
      .values({
        ...EMPTY_DEALER_PROFILE,
        dealershipName: "Example Motors",
        id: dealershipId,
        createdAt: now,
        updatedAt: now,
      })
      .run();
  }
  const user: UserRow = {
    id: randomUUID(),
    email: `dealer${counter}-${now}@example.com`,
    passwordHash: "not-a-real-hash",
    firstName: "Dana",
    lastName: "Dealer",
    dealershipId,
    role: "owner",
    tokensValidAfter: now - 1000,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  t.db.insert(users).values(user).run();
  return { user, token: await t.tokens.issue(user) };
}
