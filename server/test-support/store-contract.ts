import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Stores } from "../db/stores";
import { attemptsContract } from "./store-contract/attempts";
import { dealershipsContract } from "./store-contract/dealerships";
import { defaultsContract } from "./store-contract/defaults";
import { handoffContract } from "./store-contract/handoff";
import { quotesContract } from "./store-contract/quotes";
import { usersContract } from "./store-contract/users";
import { vehiclesContract } from "./store-contract/vehicles";
import { versionsContract } from "./store-contract/versions";

// The one contract both storage backends pass (stores.ts, SCALE.md §4): every method of every
// store, exercised through the stores alone. Each case gets a freshly opened, empty storage, so
// cases never see each other's rows. The cases live in ./contract/ by subject.

type OpenStores = () => Promise<{ stores: Stores; close(): Promise<void> }>;

export function storeContract(name: string, open: OpenStores): void {
  describe(`storage contract: ${name}`, () => {
    let opened: Awaited<ReturnType<OpenStores>> | undefined;
    beforeEach(async () => {
      opened = await open();
    });
    afterEach(async () => {
      await opened?.close();
      opened = undefined;
    });
    const current = (): Stores => {
      if (!opened) throw new Error("storage is not open");
      return opened.stores;
    };

    it("takes writes while open", async () => {
      expect(["sqlite", "postgres"]).toContain(current().kind);
      expect(await current().writable()).toBe(true);
    });

    usersContract(current);
    dealershipsContract(current);
    quotesContract(current);
    versionsContract(current);
    defaultsContract(current);
    attemptsContract(current);
    handoffContract(current);
    vehiclesContract(current);
  });
}
