import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Checklist } from "@shared/schemas/checklist";
import { CORE_MSG } from "@shared/text/page-text";
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "../db/connection";
import { dealerships } from "../db/schema";
import { createSqliteStores } from "../db/sqlite/stores";
import { createDealer } from "../test-support/fixtures";
import { migrationsUpTo } from "../test-support/migrations";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { readChecklist } from "./checklist";

// The owner's first-run checklist (issue #14) on the real app and a real SQLite file.

let t: TestApp;
afterEach(async () => t?.cleanup());

const sampleQuote = {
  vehicle: {
    description: "2022 Honda Civic Sport",
    color: "",
    mileage: 12,
    stockNumber: "",
    advertisedUrl: "",
  },
  pricing: { advertisedPrice: 25000, discount: 0 },
};

const PROFILE = {
  dealershipName: "Example Motors",
  streetAddress: "1 Main St",
  city: "Springfield",
  state: "IL",
  zipCode: "62701",
  phoneNumber: "2175550100",
};

async function checklist(token: string): Promise<Checklist> {
  const res = await t.call("GET", "/api/dealership/checklist", undefined, token);
  expect(res.status).toBe(200);
  return (await res.json()) as Checklist;
}

describe("/api/dealership/checklist", () => {
  it("follows the owner's first steps and disappears once all four are done", async () => {
    t = createTestApp();
    const owner = await createDealer(t);
    expect(await checklist(owner.token)).toEqual({
      show: true,
      steps: { profile: false, taxesAndFees: false, firstQuote: false, shared: false },
    });

    // The profile counts once name, address and phone are all there.
    await t.stores.dealerships.updateProfile(owner.user.dealershipId, { ...PROFILE, phoneNumber: "" });
    expect((await checklist(owner.token)).steps.profile).toBe(false);
    await t.stores.dealerships.updateProfile(owner.user.dealershipId, PROFILE);
    expect((await checklist(owner.token)).steps.profile).toBe(true);

    const marked = await t.call("POST", "/api/dealership/checklist", { mark: "taxesAndFees" }, owner.token);
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as Checklist).steps.taxesAndFees).toBe(true);

    expect((await t.call("POST", "/api/quotes", sampleQuote, owner.token)).status).toBe(201);
    expect((await checklist(owner.token)).steps.firstQuote).toBe(true);

    const shared = await t.call("POST", "/api/dealership/checklist", { mark: "shared" }, owner.token);
    expect(await shared.json()).toEqual({
      show: false,
      steps: { profile: true, taxesAndFees: true, firstQuote: true, shared: true },
    });
  });

  it("stays dismissed; marking twice keeps the first time", async () => {
    t = createTestApp();
    const owner = await createDealer(t);
    await t.call("POST", "/api/dealership/checklist", { mark: "shared" }, owner.token);
    const row = () =>
      t.db.select().from(dealerships).where(eq(dealerships.id, owner.user.dealershipId)).get();
    const first = row()?.checklistSharedAt;
    expect(first).toBeTypeOf("number");
    await new Promise((r) => setTimeout(r, 5));
    await t.call("POST", "/api/dealership/checklist", { mark: "shared" }, owner.token);
    expect(row()?.checklistSharedAt).toBe(first);

    const dismissed = await t.call("POST", "/api/dealership/checklist", { mark: "dismissed" }, owner.token);
    expect(((await dismissed.json()) as Checklist).show).toBe(false);
    expect((await checklist(owner.token)).show).toBe(false);
  });

  it("is the owner's: a salesperson never sees it, may mark a share, and may not check taxes or dismiss", async () => {
    t = createTestApp();
    const owner = await createDealer(t);
    const seller = await createDealer(t, { dealershipId: owner.user.dealershipId, role: "salesperson" });
    expect((await checklist(seller.token)).show).toBe(false);
    for (const mark of ["taxesAndFees", "dismissed"]) {
      const res = await t.call("POST", "/api/dealership/checklist", { mark }, seller.token);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: CORE_MSG.forbidden });
    }
    expect((await t.call("POST", "/api/dealership/checklist", { mark: "shared" }, seller.token)).status).toBe(
      200,
    );
    expect(await checklist(owner.token)).toMatchObject({
      show: true,
      steps: { shared: true, taxesAndFees: false },
    });
    // Another dealership's marks are its own.
    const other = await createDealer(t);
    expect((await checklist(other.token)).steps.shared).toBe(false);
  });

  it("refuses bad bodies with a clear message and changes nothing; needs a signed-in member", async () => {
    t = createTestApp();
    const owner = await createDealer(t);
    for (const body of [
      {},
      { mark: "profile" },
      { mark: "shared", extra: 1 },
      [],
      "shared",
      { mark: "__proto__" },
    ]) {
      const res = await t.call("POST", "/api/dealership/checklist", body, owner.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await checklist(owner.token)).steps).toEqual({
      profile: false,
      taxesAndFees: false,
      firstQuote: false,
      shared: false,
    });
    expect((await t.call("GET", "/api/dealership/checklist")).status).toBe(401);
    expect((await t.call("POST", "/api/dealership/checklist", { mark: "shared" })).status).toBe(401);
  });
});

describe("migration 0007 (first-run checklist)", () => {
  it("shows no checklist to dealerships that had quotes before it, and shows it to the others", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-checklist-"));
    try {
      const old = new Database(path.join(dir, "old.sqlite"));
      old.pragma("foreign_keys = ON");
      migrate(drizzle(old), { migrationsFolder: migrationsUpTo(dir, "0006_quote_versions") });
      const now = 1_790_000_000_000;
      for (const id of ["d-busy", "d-new"]) {
        old
          .prepare("INSERT INTO dealerships (id, created_at, updated_at) VALUES (?, ?, ?)")
          .run(id, now, now);
        old
          .prepare(
            "INSERT INTO users (id, email, password_hash, first_name, last_name, dealership_id, role, tokens_valid_after, created_at, updated_at) VALUES (?, ?, 'hash', 'A', 'B', ?, 'owner', 0, ?, ?)",
          )
          .run(`u-${id}`, `${id}@example.com`, id, now, now);
      }
      old
        .prepare(
          "INSERT INTO quotes (id, dealer_id, salesperson_id, created_at, expires_at, updated_at, vehicle_description, customer_name) VALUES ('q1', 'd-busy', 'u-d-busy', ?, ?, ?, 'Civic', '')",
        )
        .run(now, now, now);
      old.close();

      const db = openDatabase(dir, "old.sqlite");
      const stores = createSqliteStores(db);
      try {
        expect(
          (await readChecklist(stores.dealerships, { dealershipId: "d-busy", role: "owner" })).show,
        ).toBe(false);
        expect(await readChecklist(stores.dealerships, { dealershipId: "d-new", role: "owner" })).toEqual({
          show: true,
          steps: { profile: false, taxesAndFees: false, firstQuote: false, shared: false },
        });
      } finally {
        closeDatabase(db);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
