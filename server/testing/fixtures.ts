import { randomUUID } from "node:crypto";
import type { UserRow } from "../app-env";
import { users } from "../db/schema";
import { createDealership } from "../teams/dealerships";
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
  const dealershipId =
    overrides.dealershipId ?? createDealership(t.db, { dealershipName: "Example Motors" }, now);
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
