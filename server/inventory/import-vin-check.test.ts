import type { ImportResult, InventoryVehicle } from "@shared/inventory/vehicle-schema";
import { afterEach, expect, it } from "vitest";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { sameMake } from "./import-vin-check";

// Issue #50: the DMS import checks each row's VIN against the row with the offline decoder. A VIN
// that decodes to another make or model year is a warning on the row's line, in the dry run's
// preview and in the import's report alike, and the row is still imported; an empty year, make
// or model is filled from the VIN.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const FILE = [
  "Stock #,VIN,Year,Make,Model,Trim,Internet Price",
  "F100,1FTEW1E52KFA00001,2019,Honda,Accord,,$31000",
  "K200,KM8K2CAB4PU001140,2021,Hyundai,Kona,SE,$21000",
  "T300,2T3W1RFV9MW000000,,,,,$27500",
  "H400,1HGCM82633A004352,2003,honda,Accord,EX-V6,$6995",
  "G500,1GTU9DED6KZ100001,2018,Chevy,Sierra,SLT,$38000",
  "",
].join("\r\n");

const WARNINGS = [
  { line: 2, field: "vin", message: "VIN decodes to a 2019 Ford, the row says Honda" },
  { line: 3, field: "vin", message: "VIN decodes to a 2023 Hyundai, the row says 2021" },
  { line: 6, field: "vin", message: "VIN decodes to a 2019 GMC, the row says 2018 Chevy" },
];

it("warns on rows whose VIN decodes to another make or year, imports them, and fills empty ones from the VIN", async () => {
  t = createTestApp();
  const owner = await createDealer(t);
  const send = (dryRun: boolean) =>
    t!.app.request(`/api/inventory/import${dryRun ? "?dryRun=1" : ""}`, {
      method: "POST",
      headers: { "Content-Type": "text/csv", Authorization: `Bearer ${owner.token}` },
      body: FILE,
    });

  const preview = (await (await send(true)).json()) as ImportResult;
  expect(preview.errors).toEqual([]);
  expect(preview.warnings).toEqual(WARNINGS);
  expect(preview.created).toBe(5);
  expect(preview.preview?.find((row) => row.line === 4)).toMatchObject({
    stockNumber: "T300",
    year: 2021,
    make: "Toyota",
    model: "RAV4",
    trim: "XLE",
  });

  const imported = await send(false);
  expect(imported.status).toBe(200);
  expect(await imported.json()).toMatchObject({ created: 5, updated: 0, errors: [], warnings: WARNINGS });
  const stock = (await (
    await t.call("GET", "/api/inventory", undefined, owner.token)
  ).json()) as InventoryVehicle[];
  const byStock = new Map(stock.map((v) => [v.stockNumber, v]));
  // What the row says is kept: the warning is the dealer's to act on.
  expect(byStock.get("F100")).toMatchObject({ year: 2019, make: "Honda", model: "Accord" });
  expect(byStock.get("T300")).toMatchObject({ year: 2021, make: "Toyota", model: "RAV4", trim: "XLE" });
}, 60_000);

it.each([
  ["Mercedes-Benz", "mercedes benz", true],
  ["Chevrolet", "Chevy", true],
  ["Volkswagen", "VW", true],
  ["Ford", "Honda", false],
])("counts %s and %s as the same make: %s", (a, b, same) => {
  expect(sameMake(a, b)).toBe(same);
});
