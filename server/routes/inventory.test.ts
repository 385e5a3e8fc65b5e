import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AuthResponse } from "@shared/core/api-types";
import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import type { ImportResult, InventoryVehicle } from "@shared/inventory/vehicle-schema";
import { withCheckDigit } from "@shared/inventory/vin";
import { afterEach, expect, it } from "vitest";
import { sameVehicleSignals } from "../inventory/same-vehicle";
import { acceptAsShown } from "../test-support/accept-quote";
import { type BackendApp, onBothBackends } from "../test-support/backend-app";
import { readMail } from "../test-support/read-mail";
import { ACCORD_VIN, accordBody } from "../test-support/stock-vehicles";

// Issue #37 on both storage backends: the inventory API as the README documents it (roles and
// cost, validation and duplicates, the DMS import), quotes from stock, and the stock status
// following the deals. The shopper never receives the cost nor the inventory.

const PASSWORD = "correct horse battery";
let t: BackendApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

let counter = 0;
async function signUp(app: BackendApp): Promise<AuthResponse> {
  counter += 1;
  const res = await app.call("POST", "/api/auth/register", {
    email: `owner${counter}@example.com`,
    password: PASSWORD,
    firstName: "Dana",
    lastName: "Whitfield",
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as AuthResponse;
}

/** A salesperson of the owner's dealership, through the real invitation. */
async function salesperson(app: BackendApp, ownerToken: string): Promise<string> {
  counter += 1;
  const email = `sam${counter}@example.com`;
  expect(
    (await app.call("POST", "/api/team/invitations", { email, role: "salesperson" }, ownerToken)).status,
  ).toBe(201);
  const dir = path.join(app.dataDir, "outbox");
  const mail = existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .map((f) => readMail(readFileSync(path.join(dir, f), "utf8")))
        .find((m) => m.to.includes(email))
    : undefined;
  const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
  const res = await app.call("POST", "/api/auth/accept-invitation", {
    token,
    firstName: "Sam",
    lastName: "Seller",
    password: PASSWORD,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as AuthResponse).token;
}

const accord = accordBody;

const json = async <T>(res: Response, status: number): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};

const csv = (app: BackendApp, token: string, body: string, dryRun = false) =>
  app.send("POST", `/api/inventory/import${dryRun ? "?dryRun=1" : ""}`, body, token, {
    "Content-Type": "text/csv; charset=utf-8",
  });

// A DMS-style export: BOM, CRLF, quoted commas and a quoted newline, $ amounts, N/U, a bad VIN
// check digit (line 4), a stock number twice (line 6), and a column we do not know (Lot).
const VIN_2 = withCheckDigit("1FTFW1E50NKD00001");
const VIN_3 = withCheckDigit("5YJ3E1EA7PF000001");
const VIN_BAD = (() => {
  const good = withCheckDigit("JTDKN3DU0P0000001");
  return `${good.slice(0, 8)}${good[8] === "1" ? "2" : "1"}${good.slice(9)}`;
})();
const DMS_FILE = [
  "\uFEFFStock #,VIN,Year,Make,Model,Series,Ext Color,Odometer,New/Used,Sticker,Internet Price,Unit Cost,Lot",
  `A100,${ACCORD_VIN},2003,Honda,Accord,"EX, Leather",Silver,"84,000",U,,"$6,995.00","$4,800.50",North`,
  `F200,${VIN_2},2022,Ford,F-150,"XLT ""Sport""",Blue,12,N,"$52,100.00","$49,995.00","$46,000.00","South\r\nyard, row 2"`,
  `P300,${VIN_BAD},2023,Toyota,Prius,LE,White,10,N,"$29,000.00","$28,500.00","$26,000.00",North`,
  `T400,${VIN_3},2023,Tesla,Model 3,,Red,5,N,"$42,990.00","$40,990.00",,North`,
  `A100,,2020,Kia,Soul,,Gray,"30,000",U,,"$15,000.00",,North`,
  "",
].join("\r\n");

onBothBackends((open) => {
  it("stores, lists, searches, updates and deletes vehicles; salespeople read without cost and may not write", async () => {
    t = await open();
    const owner = await signUp(t);
    const sam = await salesperson(t, owner.token);

    const created = await json<InventoryVehicle>(
      await t.call("POST", "/api/inventory", accord(), owner.token),
      201,
    );
    expect(created).toMatchObject({ ...accord(), status: "available", quoteCount: 0, vinNotChecked: false });
    await json(
      await t.call(
        "POST",
        "/api/inventory",
        accord({ stockNumber: "B1", vin: "", make: "Ford", model: "F-150", trim: "XLT", year: 2024 }),
        owner.token,
      ),
      201,
    );

    const ownerList = await json<InventoryVehicle[]>(
      await t.call("GET", "/api/inventory", undefined, owner.token),
      200,
    );
    expect(ownerList.map((v) => [v.stockNumber, v.cost])).toEqual([
      ["A100", 4800.5],
      ["B1", 4800.5],
    ]);
    const samList = await json<InventoryVehicle[]>(
      await t.call("GET", "/api/inventory", undefined, sam),
      200,
    );
    expect(samList).toHaveLength(2);
    for (const vehicle of samList) expect(vehicle).not.toHaveProperty("cost");
    expect(
      (await json<InventoryVehicle>(await t.call("GET", `/api/inventory/${created.id}`, undefined, sam), 200))
        .cost,
    ).toBeUndefined();

    const search = async (query: string) =>
      (
        await json<InventoryVehicle[]>(await t!.call("GET", `/api/inventory?${query}`, undefined, sam), 200)
      ).map((v) => v.stockNumber);
    expect(await search("q=f-150")).toEqual(["B1"]);
    expect(await search("q=004352")).toEqual(["A100"]);
    expect(await search("q=a100")).toEqual(["A100"]);
    expect(await search("q=xlt")).toEqual(["B1"]);
    expect(await search("status=sold")).toEqual([]);
    expect(await search("status=available&q=HONDA")).toEqual(["A100"]);
    expect((await t.call("GET", "/api/inventory?status=gone", undefined, sam)).status).toBe(400);

    for (const [method, url] of [
      ["POST", "/api/inventory"],
      ["PUT", `/api/inventory/${created.id}`],
      ["DELETE", `/api/inventory/${created.id}`],
      ["POST", `/api/inventory/${created.id}/sold`],
    ] as const) {
      const res = await t.call(
        method,
        url,
        method === "DELETE" || url.endsWith("sold") ? undefined : accord({ stockNumber: "Z9" }),
        sam,
      );
      expect(await json(res, 403)).toEqual({ message: INVENTORY_MSG.writeForbidden });
    }
    expect((await csv(t, sam, DMS_FILE)).status).toBe(403);

    const updated = await json<InventoryVehicle>(
      await t.call(
        "PUT",
        `/api/inventory/${created.id}`,
        accord({ price: 6500, status: "pending" }),
        owner.token,
      ),
      200,
    );
    expect(updated).toMatchObject({ price: 6500, status: "pending" });
    expect((await t.call("DELETE", `/api/inventory/${created.id}`, undefined, owner.token)).status).toBe(204);
    expect((await t.call("GET", `/api/inventory/${created.id}`, undefined, owner.token)).status).toBe(404);
    expect(await search("")).toEqual(["B1"]);
  });

  it("refuses a bad vehicle with each field's message and a duplicate stock number or VIN with 409", async () => {
    t = await open();
    const owner = await signUp(t);
    const errorsOf = async (body: unknown) =>
      Object.fromEntries(
        (
          await json<{ errors: { field: string; message: string }[] }>(
            await t!.call("POST", "/api/inventory", body, owner.token),
            400,
          )
        ).errors.map((e) => [e.field, e.message]),
      );
    expect(await errorsOf(accord({ vin: "1HGCM82643A004352" }))).toEqual({
      vin: "VIN check digit does not match (expected 3)",
    });
    expect(await errorsOf(accord({ vin: "1HGCM8263OA004352" }))).toEqual({ vin: INVENTORY_MSG.vinInvalid });
    expect(
      await errorsOf({
        ...accord({ stockNumber: " ", make: "", condition: "certified", price: -1 }),
        year: 1850,
      }),
    ).toEqual({
      stockNumber: INVENTORY_MSG.stockNumberRequired,
      make: INVENTORY_MSG.makeRequired,
      condition: INVENTORY_MSG.conditionInvalid,
      price: "Amount cannot be negative",
      year: INVENTORY_MSG.yearInvalid,
    });
    expect(await errorsOf(accord({ cost: undefined, surprise: 1 }))).toEqual({ surprise: "Unknown field" });
    // A pre-1981 VIN is saved when the dealer ticks "VIN not checked"; a year that disagrees with the VIN is not an error.
    await json(
      await t.call(
        "POST",
        "/api/inventory",
        accord({ stockNumber: "OLD", vin: "124379N123456", vinNotChecked: true, year: 1979 }),
        owner.token,
      ),
      201,
    );
    await json(
      await t.call("POST", "/api/inventory", accord({ year: 2019, make: "Acura" }), owner.token),
      201,
    );
    expect(await json(await t.call("POST", "/api/inventory", accord({ vin: "" }), owner.token), 409)).toEqual(
      {
        message: INVENTORY_MSG.duplicateStockNumber,
        errors: [{ field: "stockNumber", message: INVENTORY_MSG.duplicateStockNumber }],
      },
    );
    expect(
      await json(await t.call("POST", "/api/inventory", accord({ stockNumber: "A101" }), owner.token), 409),
    ).toMatchObject({
      message: INVENTORY_MSG.duplicateVin,
    });
  });

  it("imports a DMS file: synonyms, BOM, CRLF, quoted commas and newlines, $ amounts, N/U; errors by line; the same file again changes nothing", async () => {
    t = await open();
    const owner = await signUp(t);
    const dry = await json<ImportResult>(await csv(t, owner.token, DMS_FILE, true), 200);
    expect(dry).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(dry.columns).toEqual({
      "Stock #": "stockNumber",
      VIN: "vin",
      Year: "year",
      Make: "make",
      Model: "model",
      Series: "trim",
      "Ext Color": "color",
      Odometer: "mileage",
      "New/Used": "condition",
      Sticker: "msrp",
      "Internet Price": "price",
      "Unit Cost": "cost",
      Lot: null,
    });
    expect(dry.errors).toEqual([
      {
        line: 5,
        stockNumber: "P300",
        vin: VIN_BAD,
        field: "vin",
        message: expect.stringMatching(/^VIN check digit does not match \(expected [0-9X]\)$/),
      },
      {
        line: 7,
        stockNumber: "A100",
        vin: "",
        field: "stockNumber",
        message: INVENTORY_MSG.duplicateStockNumberInFile(2),
      },
    ]);
    expect(dry.preview?.map((row) => [row.line, row.stockNumber])).toEqual([
      [2, "A100"],
      [3, "F200"],
      [6, "T400"],
    ]);
    // Nothing stored by the dry run.
    expect(await json(await t.call("GET", "/api/inventory", undefined, owner.token), 200)).toEqual([]);

    const first = await json<ImportResult>(await csv(t, owner.token, DMS_FILE), 200);
    expect(first).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(first.errors).toHaveLength(2);
    expect(first.preview).toBeUndefined();
    const stock = await json<InventoryVehicle[]>(
      await t.call("GET", "/api/inventory", undefined, owner.token),
      200,
    );
    expect(stock.map((v) => v.stockNumber)).toEqual(["A100", "F200", "T400"]);
    expect(stock[0]).toMatchObject({
      trim: "EX, Leather",
      mileage: 84_000,
      condition: "used",
      msrp: null,
      price: 6995,
      cost: 4800.5,
      vin: ACCORD_VIN,
    });
    expect(stock[1]).toMatchObject({
      trim: 'XLT "Sport"',
      condition: "new",
      msrp: 52_100,
      price: 49_995,
      cost: 46_000,
    });
    expect(stock[2]).toMatchObject({ cost: null, status: "available" });

    const again = await json<ImportResult>(await csv(t, owner.token, DMS_FILE), 200);
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 3 });

    // Upsert by VIN (a new stock number), else by stock number; columns the file lacks keep their values;
    // vehicles not in the file are left alone.
    const update = [
      "VIN,Stock,Year,Make,Model,Price",
      `${ACCORD_VIN},A100-R,2003,Honda,Accord,"$6,500"`,
      "F200,,2022,Ford,F-150,48000",
    ].join("\n");
    const byStock = update.replace("F200,,", ",F200,");
    expect(await json<ImportResult>(await csv(t, owner.token, byStock), 200)).toMatchObject({
      created: 0,
      updated: 2,
      unchanged: 0,
      errors: [],
    });
    const after = await json<InventoryVehicle[]>(
      await t.call("GET", "/api/inventory", undefined, owner.token),
      200,
    );
    expect(after.map((v) => [v.stockNumber, v.price, v.trim, v.cost])).toEqual([
      ["A100-R", 6500, "EX, Leather", 4800.5],
      ["F200", 48_000, 'XLT "Sport"', 46_000],
      ["T400", 40_990, "", null],
    ]);
  });

  it("refuses files that cannot be imported: not CSV, a missing column, too many rows, too large", async () => {
    t = await open();
    const owner = await signUp(t);
    expect(
      (
        await t.send("POST", "/api/inventory/import", DMS_FILE, owner.token, {
          "Content-Type": "application/json",
        })
      ).status,
    ).toBe(415);
    expect(await json(await csv(t, owner.token, "Stock,Make,Model,Price\nA1,Ford,F-150,1\n"), 400)).toEqual({
      message: INVENTORY_MSG.importMissingColumn("Year"),
    });
    expect(await json(await csv(t, owner.token, "Stock,Year,Make,Model,Price\n"), 400)).toEqual({
      message: INVENTORY_MSG.importEmpty,
    });
    const rows = Array.from({ length: 5001 }, (_, i) => `S${i},2020,Ford,F-150,1`);
    expect(
      await json(await csv(t, owner.token, ["Stock,Year,Make,Model,Price", ...rows].join("\n")), 400),
    ).toEqual({
      message: INVENTORY_MSG.importTooManyRows,
    });
    const large = `Stock,Year,Make,Model,Price,Notes\n${`A1,2020,Ford,F-150,1,${"x".repeat(6000)}\n`.repeat(900)}`;
    expect(await json(await csv(t, owner.token, large), 413)).toEqual({
      message: INVENTORY_MSG.importTooLarge,
    });
    expect(await json(await csv(t, owner.token, 'Stock,Year,Make,Model,Price\n"A1,2020'), 400)).toMatchObject(
      {
        message: expect.stringContaining("The file could not be read as CSV"),
      },
    );
  });

  it("makes a quote from stock; acceptance marks the vehicle pending and warns the other quotes; unlock frees it; mark sold sells it; the shopper never sees cost nor stock", async () => {
    t = await open();
    const owner = await signUp(t);
    const sam = await salesperson(t, owner.token);
    const vehicle = await json<InventoryVehicle>(
      await t.call(
        "POST",
        "/api/inventory",
        accord({ condition: "new", mileage: 8, msrp: 7500, year: 2003 }),
        owner.token,
      ),
      201,
    );
    const { id } = await json<{ id: string }>(
      await t.call("POST", "/api/quotes", { inventoryId: vehicle.id }, sam),
      201,
    );
    const { id: second } = await json<{ id: string }>(
      await t.call("POST", "/api/quotes", { inventoryId: vehicle.id }, owner.token),
      201,
    );
    expect((await t.call("POST", "/api/quotes", { inventoryId: "nope" }, sam)).status).toBe(404);
    expect((await t.call("POST", "/api/quotes", { inventoryId: vehicle.id, vehicle: {} }, sam)).status).toBe(
      400,
    );

    type Read = {
      data: { vehicle: Record<string, unknown>; pricing: Record<string, unknown> };
      stock?: unknown;
    };
    const dealerView = await json<Read>(await t.call("GET", `/api/quotes/${id}`, undefined, sam), 200);
    expect(dealerView.data.vehicle).toMatchObject({
      description: "2003 Honda Accord EX",
      stockNumber: "A100",
      vin: ACCORD_VIN,
      color: "Silver",
      mileage: 8,
      isNew: true,
      msrp: 7500,
    });
    expect(dealerView.data.pricing).toMatchObject({ advertisedPrice: 6995, discount: 0 });
    expect(dealerView.stock).toEqual({
      id: vehicle.id,
      stockNumber: "A100",
      status: "available",
      otherAcceptedAt: null,
    });

    // The shopper's answer: no cost, no stock, nothing of the inventory.
    const shopperRes = await t.call("GET", `/api/quotes/${id}`);
    const shopperText = await shopperRes.clone().text();
    expect(shopperRes.status).toBe(200);
    expect(shopperText).not.toContain("4800");
    expect(shopperText).not.toContain(vehicle.id);
    expect(shopperText).not.toMatch(/"cost"|"stock"|inventory/i);
    expect((await t.call("GET", "/api/inventory")).status).toBe(401);

    const accepted = await acceptAsShown(t.call, id, {
      name: "Pat Shopper",
      phone: "15551234567",
      email: "pat@example.com",
      structure: { structure: "cash" },
    });
    expect(accepted.status, await accepted.clone().text()).toBe(201);
    const statusOf = async () =>
      (
        await json<InventoryVehicle>(
          await t!.call("GET", `/api/inventory/${vehicle.id}`, undefined, owner.token),
          200,
        )
      ).status;
    expect(await statusOf()).toBe("pending");
    const other = await json<Read & { stock: { otherAcceptedAt: string } }>(
      await t.call("GET", `/api/quotes/${second}`, undefined, owner.token),
      200,
    );
    expect(other.stock).toMatchObject({ status: "pending", otherAcceptedAt: expect.any(String) });
    expect(Date.now() - Date.parse(other.stock.otherAcceptedAt)).toBeLessThan(60_000);
    const afterAccept = await t.call("GET", `/api/quotes/${id}`);
    expect(await afterAccept.text()).not.toMatch(/"cost"|"stock"|4800/);

    expect((await t.call("POST", `/api/quotes/${id}/unlock`, {}, sam)).status).toBe(200);
    expect(await statusOf()).toBe("available");
    // Accepted again, then deleted: the deleted deal no longer holds the vehicle.
    const { id: third } = await json<{ id: string }>(
      await t.call("POST", "/api/quotes", { inventoryId: vehicle.id }, sam),
      201,
    );
    const acceptAgain = await acceptAsShown(t.call, third, {
      name: "Lee Shopper",
      phone: "15551234568",
      email: "lee@example.com",
      structure: { structure: "cash" },
    });
    expect(acceptAgain.status, await acceptAgain.clone().text()).toBe(201);
    expect(await statusOf()).toBe("pending");
    expect((await t.call("DELETE", `/api/quotes/${third}`, undefined, sam)).status).toBe(204);
    expect(await statusOf()).toBe("available");

    expect(await json(await t.call("POST", `/api/quotes/${second}/sold`, {}, owner.token), 200)).toEqual({
      status: "sold",
    });
    expect(await statusOf()).toBe("sold");
    expect(
      await json(await t.call("POST", "/api/quotes", { inventoryId: vehicle.id }, sam), 409),
    ).toMatchObject({
      message: INVENTORY_MSG.vehicleSold,
    });
    // A vehicle with quotes is marked sold, not deleted.
    const kept = await json<InventoryVehicle>(
      await t.call("DELETE", `/api/inventory/${vehicle.id}`, undefined, owner.token),
      200,
    );
    expect(kept).toMatchObject({ status: "sold", quoteCount: 2 });
  });

  it("tells a salesperson when someone else is working a quote on the same stock vehicle right now", async () => {
    t = await open();
    const owner = await signUp(t);
    const sam = await salesperson(t, owner.token);
    const vehicle = await json<InventoryVehicle>(
      await t.call("POST", "/api/inventory", accord(), owner.token),
      201,
    );
    const other = await json<InventoryVehicle>(
      await t.call("POST", "/api/inventory", accord({ stockNumber: "B2", vin: "" }), owner.token),
      201,
    );
    const samQuote = (
      await json<{ id: string }>(await t.call("POST", "/api/quotes", { inventoryId: vehicle.id }, sam), 201)
    ).id;
    const ownerQuote = (
      await json<{ id: string }>(
        await t.call("POST", "/api/quotes", { inventoryId: vehicle.id }, owner.token),
        201,
      )
    ).id;
    const elsewhere = (
      await json<{ id: string }>(
        await t.call("POST", "/api/quotes", { inventoryId: other.id }, owner.token),
        201,
      )
    ).id;
    const samMember = await t.stores.users.byId(
      (await json<{ user: { id: string } }>(await t.call("GET", "/api/auth/me", undefined, sam), 200)).user
        .id,
    );
    const ownerMember = await t.stores.users.byId(owner.user.id);
    if (!samMember || !ownerMember) throw new Error("members missing");
    // Dana has her quote of the same car open: Sam's quote says so; Dana's own open quotes are not signals to her.
    expect(
      await sameVehicleSignals(t.stores, samMember, [{ quoteId: ownerQuote, userId: ownerMember.id }]),
    ).toEqual([{ id: samQuote, name: "Dana Whitfield" }]);
    expect(
      await sameVehicleSignals(t.stores, ownerMember, [{ quoteId: ownerQuote, userId: ownerMember.id }]),
    ).toEqual([]);
    // Sam on his quote: the owner (who sees every quote) is told on hers, not on a quote of another car.
    expect(
      await sameVehicleSignals(t.stores, ownerMember, [
        { quoteId: samQuote, userId: samMember.id },
        { quoteId: elsewhere, userId: samMember.id },
      ]),
    ).toEqual([{ id: ownerQuote, name: "Sam Seller" }]);
    expect(await sameVehicleSignals(t.stores, samMember, [])).toEqual([]);
  });
});
