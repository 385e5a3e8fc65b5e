import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { INVENTORY_TEXT, VIN_TEXT } from "../shared/inventory/inventory-text";
import { expect, test } from "./fixtures";
import { expectConnected, openLine, setUpQuote } from "./quote-setup";
import { registerDealerViaApi, signInAs } from "./support/api";
import { writeVinVideo } from "./support/vin-barcode";

// Issue #50: the shopper scans the trade-in's VIN barcode with the phone's camera and the decoded
// trade-in fills in. Chromium gets a fake camera playing a Y4M video of a Code 39 VIN barcode
// (written here, no fixture file), in a browser launched for this spec alone; the barcode reader
// and its WebAssembly load from our own server when Scan VIN is pressed, and nothing else is asked.

// A 2021 Toyota RAV4 XLE (a real model prefix, vPIC's public decode; serial zeroed, check digit set).
const VIN = "2T3W1RFV9MW000000";

test("a shopper scans the trade-in's VIN with the camera and the decoded trade-in fills in", async ({
  request,
  baseURL,
}) => {
  // A browser of its own (the fake camera) on top of the page: more than the default 45 s when loaded.
  test.setTimeout(90_000);
  const quote = await setUpQuote(request);
  const dir = mkdtempSync(path.join(tmpdir(), "dealdesk-fake-camera-"));
  const video = path.join(dir, "vin.y4m");
  writeVinVideo(video, VIN);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    const elsewhere: string[] = [];
    page.on("request", (req) => {
      if (
        !req.url().startsWith(baseURL ?? "") &&
        !req.url().startsWith("data:") &&
        !req.url().startsWith("blob:")
      )
        elsewhere.push(req.url());
    });
    const wasm: string[] = [];
    page.on("response", (res) => {
      if (res.url().endsWith(".wasm")) wasm.push(`${res.status()} ${res.headers()["content-type"]}`);
    });
    await page.goto(`/quote/${quote.quoteId}`);
    await expectConnected(page);
    expect(wasm).toEqual([]);

    await openLine(page, "trade-in");
    const dialog = page.getByRole("dialog", { name: "Trade-in value" });
    await dialog.getByLabel("I have a car to trade in").check();
    await dialog.getByRole("button", { name: VIN_TEXT.scanVin }).click();
    await expect(dialog.getByLabel("VIN")).toHaveValue(VIN, { timeout: 20_000 });
    await expect(dialog.getByLabel("Vehicle description")).toHaveValue("2021 Toyota RAV4 XLE");
    await expect(dialog.getByTestId("vin-lookup")).toHaveText(VIN_TEXT.filled("2021 Toyota RAV4 XLE"));
    await expect(dialog.getByTestId("vin-scanner")).toHaveCount(0);
    // The ZXing WebAssembly came from our own build, as WebAssembly.
    expect(wasm).toEqual(["200 application/wasm"]);

    await dialog.getByLabel("Mileage").fill("48000");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("line-trade-in-sublabel")).toContainText("2021 Toyota RAV4 XLE");
    expect(elsewhere).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a typed VIN fills an empty description, and one the shopper typed is only offered", async ({
  request,
  page,
}) => {
  const quote = await setUpQuote(request);
  await page.goto(`/quote/${quote.quoteId}`);
  await expectConnected(page);
  await openLine(page, "trade-in");
  const dialog = page.getByRole("dialog", { name: "Trade-in value" });
  await dialog.getByLabel("I have a car to trade in").check();
  await dialog.getByLabel("Vehicle description").fill("Mom's SUV");
  await dialog.getByLabel("VIN").fill("KM8K2CAB4PU001140");
  await expect(dialog.getByTestId("vin-lookup")).toContainText(VIN_TEXT.says("2023 Hyundai Kona SE"));
  await expect(dialog.getByLabel("Vehicle description")).toHaveValue("Mom's SUV");
  await dialog.getByRole("button", { name: VIN_TEXT.useThis }).click();
  await expect(dialog.getByLabel("Vehicle description")).toHaveValue("2023 Hyundai Kona SE");

  // Without a camera, Scan VIN says what to do.
  await dialog.getByRole("button", { name: VIN_TEXT.scanVin }).click();
  await expect(dialog.getByTestId("vin-scanner-status")).toHaveText(
    new RegExp(
      `^(${[VIN_TEXT.noCamera, VIN_TEXT.cameraDenied].map((m) => m.replace(/[.'()]/g, "\\$&")).join("|")})$`,
    ),
  );
});

test("a stock file row whose VIN decodes to another make is flagged on its line and still imported", async ({
  request,
  page,
}) => {
  const account = await registerDealerViaApi(request);
  await signInAs(page, account);
  await page.goto("/inventory");
  await page.getByRole("button", { name: INVENTORY_TEXT.importFromDms }).click();
  const dialog = page.getByRole("dialog", { name: INVENTORY_TEXT.importTitle });
  const file = [
    "Stock #,VIN,Year,Make,Model,Internet Price",
    // A 2019 Ford F-150's VIN (a real model prefix, check digit set) on a row that says Honda.
    "F100,1FTEW1E52KFA00001,2019,Honda,Accord,$31000",
    // Year, make and model left empty: the VIN fills them.
    "T200,2T3W1RFV9MW000000,,,,$27500",
    "",
  ].join("\r\n");
  await dialog.locator('input[type="file"]').setInputFiles({
    name: "dms-export.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(file, "utf8"),
  });
  const warning = "VIN decodes to a 2019 Ford, the row says Honda";
  await expect(dialog.getByTestId("import-summary")).toHaveText(INVENTORY_TEXT.importSummary(2, 0, 0));
  await expect(dialog.getByTestId("import-warnings")).toHaveText(
    `${INVENTORY_TEXT.importLine(2)}: ${warning}`,
  );
  await expect(dialog.getByTestId("import-preview").getByTestId("import-row-warning")).toHaveText(warning);
  await expect(dialog.getByTestId("import-preview")).toContainText("2021 Toyota RAV4 XLE");
  await dialog.getByRole("button", { name: INVENTORY_TEXT.importButton }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(INVENTORY_TEXT.imported(2, 0, 0))).toBeVisible();
});
