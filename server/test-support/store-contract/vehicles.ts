import { describe, expect, it } from "vitest";
import { DuplicateVehicleError, type VehicleRow } from "../../db/repositories/vehicles";
import { type CurrentStores, createQuote, quoteRow, registerOwner, T0, team } from "./fixtures";

// The storage contract for the dealership's stock (issue #37): scoping, uniqueness of stock
// numbers and VINs per dealership, search, the import's one transaction, and the quotes made from
// a vehicle (counts, accepted deals, the same vehicle's quotes).

export function vehicleRow(
  dealershipId: string,
  id: string,
  overrides: Partial<VehicleRow> = {},
): VehicleRow {
  return {
    id,
    dealerId: dealershipId,
    stockNumber: `S-${id}`,
    vin: "",
    vinNotChecked: false,
    year: 2024,
    make: "Honda",
    model: "Accord",
    trim: "EX",
    color: "Blue",
    mileage: 12,
    condition: "new",
    msrpCents: 3_100_000,
    priceCents: 2_999_500,
    costCents: 2_700_000,
    status: "available",
    photoUrl: "",
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

export function vehiclesContract(current: CurrentStores): void {
  describe("vehicles", () => {
    it("creates, finds within its dealership only, updates and deletes", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const other = await registerOwner(stores, "zed@example.com");
      const row = vehicleRow(ann.dealershipId, "v1", { vin: "1HGCM82633A004352" });
      await stores.vehicles.create(row);
      expect(await stores.vehicles.find(ann.dealershipId, "v1")).toEqual(row);
      expect(await stores.vehicles.find(other.dealershipId, "v1")).toBeUndefined();
      const { id: _id, dealerId: _d, createdAt: _c, updatedAt: _u, ...fields } = row;
      const updated = await stores.vehicles.update(
        ann.dealershipId,
        "v1",
        { ...fields, priceCents: 2_800_000 },
        T0 + 5,
      );
      expect(updated).toEqual({ ...row, priceCents: 2_800_000, updatedAt: T0 + 5 });
      expect(await stores.vehicles.update(other.dealershipId, "v1", fields, T0 + 6)).toBeUndefined();
      expect(await stores.vehicles.delete(other.dealershipId, "v1")).toBe(false);
      expect(await stores.vehicles.delete(ann.dealershipId, "v1")).toBe(true);
      expect(await stores.vehicles.all(ann.dealershipId)).toEqual([]);
    });

    it("refuses a second stock number or VIN in the dealership, not in another one; many vehicles have no VIN", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const other = await registerOwner(stores, "zed@example.com");
      await stores.vehicles.create(
        vehicleRow(ann.dealershipId, "v1", { stockNumber: "A1", vin: "1HGCM82633A004352" }),
      );
      await stores.vehicles.create(vehicleRow(ann.dealershipId, "v2", { stockNumber: "A2" }));
      await stores.vehicles.create(vehicleRow(ann.dealershipId, "v3", { stockNumber: "A3" }));
      await expect(
        stores.vehicles.create(vehicleRow(ann.dealershipId, "v4", { stockNumber: "A1" })),
      ).rejects.toEqual(new DuplicateVehicleError("stockNumber"));
      await expect(
        stores.vehicles.create(
          vehicleRow(ann.dealershipId, "v5", { stockNumber: "A5", vin: "1HGCM82633A004352" }),
        ),
      ).rejects.toMatchObject({ field: "vin" });
      const {
        id: _i,
        dealerId: _d,
        createdAt: _c,
        updatedAt: _u,
        ...fields
      } = vehicleRow(ann.dealershipId, "v2", {
        stockNumber: "A1",
      });
      await expect(stores.vehicles.update(ann.dealershipId, "v2", fields, T0)).rejects.toMatchObject({
        field: "stockNumber",
      });
      await stores.vehicles.create(
        vehicleRow(other.dealershipId, "w1", { stockNumber: "A1", vin: "1HGCM82633A004352" }),
      );
      expect((await stores.vehicles.all(ann.dealershipId)).map((v) => v.id).sort()).toEqual([
        "v1",
        "v2",
        "v3",
      ]);
    });

    it("lists by stock number with quote counts, filtered by status and by words in stock number, VIN, make, model or trim", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const d = ann.dealershipId;
      await stores.vehicles.create(
        vehicleRow(d, "v1", { stockNumber: "B2", make: "Ford", model: "F-150", trim: "XLT" }),
      );
      await stores.vehicles.create(
        vehicleRow(d, "v2", { stockNumber: "A1", vin: "1HGCM82633A004352", status: "sold" }),
      );
      await stores.vehicles.create(vehicleRow(d, "v3", { stockNumber: "C_3", model: "Civic", trim: "100%" }));
      await createQuote(stores, ann, "q1");
      await stores.quotes.create(quoteRow(ann, "q2", { inventoryId: "v2" }), {
        deal: new Uint8Array([0, 0]),
        private: new Uint8Array([0, 0]),
        economics: new Uint8Array([0, 0]),
      });
      const list = await stores.vehicles.list(d, {});
      expect(list.map((v) => [v.stockNumber, Number(v.quoteCount)])).toEqual([
        ["A1", 1],
        ["B2", 0],
        ["C_3", 0],
      ]);
      const ids = async (filter: Parameters<typeof stores.vehicles.list>[1]) =>
        (await stores.vehicles.list(d, filter)).map((v) => v.id);
      expect(await ids({ status: "sold" })).toEqual(["v2"]);
      expect(await ids({ q: "ford" })).toEqual(["v1"]);
      expect(await ids({ q: "a004352" })).toEqual(["v2"]);
      expect(await ids({ q: "honda civic" })).toEqual(["v3"]);
      expect(await ids({ q: "xlt" })).toEqual(["v1"]);
      expect(await ids({ q: "c_" })).toEqual(["v3"]);
      expect(await ids({ q: "%" })).toEqual(["v3"]);
      expect(await ids({ q: "_" })).toEqual(["v3"]);
      expect(await ids({ q: "honda", status: "available" })).toEqual(["v3"]);
      expect(await stores.vehicles.quoteCount("v2")).toBe(1);
    });

    it("imports creates and updates in one transaction: a refused row stores nothing", async () => {
      const stores = current();
      const { ann } = await team(stores);
      const d = ann.dealershipId;
      await stores.vehicles.create(vehicleRow(d, "v1", { stockNumber: "A1" }));
      const {
        id: _i,
        dealerId: _d,
        createdAt: _c,
        updatedAt: _u,
        ...fields
      } = vehicleRow(d, "v1", {
        stockNumber: "A1",
        priceCents: 100,
      });
      await expect(
        stores.vehicles.importBatch(
          d,
          [vehicleRow(d, "n1", { stockNumber: "N1" }), vehicleRow(d, "n2", { stockNumber: "A1" })],
          [{ id: "v1", fields }],
          T0 + 1,
        ),
      ).rejects.toBeInstanceOf(DuplicateVehicleError);
      expect((await stores.vehicles.all(d)).map((v) => [v.id, v.priceCents])).toEqual([["v1", 2_999_500]]);
      await stores.vehicles.importBatch(
        d,
        [vehicleRow(d, "n1", { stockNumber: "N1" })],
        [{ id: "v1", fields }],
        T0 + 1,
      );
      expect((await stores.vehicles.all(d)).map((v) => [v.id, v.priceCents, v.updatedAt]).sort()).toEqual([
        ["n1", 2_999_500, T0],
        ["v1", 100, T0 + 1],
      ]);
    });

    it("keeps each dealership's last import report, the next one replacing it", async () => {
      const stores = current();
      const ann = await registerOwner(stores, "ann@example.com");
      const bob = await registerOwner(stores, "bob@example.com");
      expect(await stores.vehicles.importReport(ann.dealershipId)).toBeUndefined();
      await stores.vehicles.saveImportReport(ann.dealershipId, T0, '{"first":true}');
      await stores.vehicles.saveImportReport(bob.dealershipId, T0 + 1, '{"bob":true}');
      await stores.vehicles.saveImportReport(ann.dealershipId, T0 + 2, '{"second":true}');
      expect(await stores.vehicles.importReport(ann.dealershipId)).toEqual({
        importedAt: T0 + 2,
        report: '{"second":true}',
      });
      expect(await stores.vehicles.importReport(bob.dealershipId)).toEqual({
        importedAt: T0 + 1,
        report: '{"bob":true}',
      });
    });

    it("sets the status; answers the accepted deals on a vehicle and the quotes on the same vehicles", async () => {
      const stores = current();
      const { ann, sam } = await team(stores);
      const d = ann.dealershipId;
      await stores.vehicles.create(vehicleRow(d, "v1"));
      await stores.vehicles.create(vehicleRow(d, "v2"));
      const changed = { from: "available", to: "pending" } as const;
      expect((await stores.vehicles.setStatus(d, "v1", changed, T0 + 9))?.status).toBe("pending");
      // Its status is no longer "available": nothing changes (the caller reads it again).
      expect(
        await stores.vehicles.setStatus(d, "v1", { from: "available", to: "sold" }, T0 + 10),
      ).toBeUndefined();
      expect(await stores.vehicles.setStatus(ann.dealershipId, "nope", changed, T0 + 10)).toBeUndefined();
      expect((await stores.vehicles.find(d, "v1"))?.status).toBe("pending");
      const none = {
        deal: new Uint8Array([0, 0]),
        private: new Uint8Array([0, 0]),
        economics: new Uint8Array([0, 0]),
      };
      await stores.quotes.create(
        quoteRow(ann, "q1", { inventoryId: "v1", lockedAt: T0 + 3, acceptedVersion: 1 }),
        none,
      );
      await stores.quotes.create(quoteRow(sam, "q2", { inventoryId: "v1" }), none);
      await stores.quotes.create(quoteRow(sam, "q3", { inventoryId: "v2" }), none);
      await stores.quotes.create(quoteRow(sam, "q4"), none);
      expect(await stores.vehicles.acceptedQuotes("v1")).toEqual([{ id: "q1", lockedAt: T0 + 3 }]);
      expect(await stores.vehicles.acceptedQuotes("v2")).toEqual([]);
      const same = await stores.vehicles.sameVehicleQuotes(d, ["q2", "q4"]);
      expect(same.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
        { id: "q1", inventoryId: "v1" },
        { id: "q2", inventoryId: "v1" },
      ]);
      expect(await stores.vehicles.sameVehicleQuotes(d, [])).toEqual([]);
      // A deleted vehicle leaves its quotes without one.
      await stores.quotes.delete("q1");
      await stores.quotes.delete("q2");
      expect(await stores.vehicles.delete(d, "v1")).toBe(true);
    });
  });
}
