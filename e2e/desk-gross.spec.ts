import { DESK_SETTINGS_TEXT, QUOTE_COLUMNS } from "../shared/text/dealer-messages";
import { MSG } from "../shared/text/messages";
import { DESK_TEXT } from "../shared/text/solve-text";
import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { expectConnected } from "./quote-setup";
import {
  addMemberViaApi,
  authHeaders,
  createQuoteViaApi,
  registerDealerViaApi,
  signInAs,
} from "./support/api";

// Issue #38, the dealer's side end to end: a manager sets the dealership's economics defaults in
// Settings → Desk & gross (a refused value shows the API's message at its field; the owner's
// "Salespeople see gross" switch is read-only to a manager) and an add-on's cost, creates a quote
// that starts from them, sees its gross in the desk log's Gross column and on a saved version.
// axe clean on each screen, in light and dark.

test("a manager sets the desk & gross defaults, then sees the gross in the desk log and on a saved version", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The owner invites a manager, who joins (through the API: the Team page has its own spec).
  const owner = await registerDealerViaApi(request);
  const manager = await addMemberViaApi(request, owner, {
    role: "manager",
    firstName: "Max",
    lastName: "Manager",
  });
  await signInAs(page, manager);

  // Settings → Desk & gross, from the settings menu.
  await page.goto("/settings");
  await page
    .getByRole("navigation", { name: "Settings" })
    .getByRole("link", { name: DESK_SETTINGS_TEXT.title })
    .first()
    .click();
  const form = page.getByRole("form", { name: DESK_SETTINGS_TEXT.title });
  await expect(page.getByRole("heading", { name: DESK_SETTINGS_TEXT.title, level: 2 })).toBeVisible();
  // The owner's switch: a manager sees it, read-only.
  const seeGross = form.getByRole("switch", { name: DESK_SETTINGS_TEXT.salespeopleSeeGross });
  await expect(seeGross).toBeDisabled();
  await expect(form.getByText(DESK_SETTINGS_TEXT.ownerOnlySwitch)).toBeVisible();

  await form.getByLabel(DESK_SETTINGS_TEXT.pack).fill("500");
  await form.getByLabel(DESK_SETTINGS_TEXT.participation).fill("150");
  await form.getByLabel(DESK_SETTINGS_TEXT.buyRate("Good", 72)).fill("4.9");
  await form.getByRole("button", { name: "Save" }).click();
  // Refused: the API's message at the field, and nothing saved.
  const participation = form.getByLabel(DESK_SETTINGS_TEXT.participation);
  await expect(participation).toHaveAccessibleDescription(new RegExp(MSG.participationInvalid));
  await expect(page.getByRole("alert")).toContainText(MSG.participationInvalid);
  await participation.fill("75");
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(DESK_SETTINGS_TEXT.saved)).toBeVisible();
  const saved = await request.get("/api/dealer-defaults/economics", { headers: authHeaders(manager) });
  expect(await saved.json()).toEqual({
    pack: 500,
    participation: 75,
    buyRates: { good: { "72": 4.9 } },
    buyMoneyFactors: {},
    salespeopleSeeGross: false,
  });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: "light" });

  // An add-on's cost, in Settings → Add-ons.
  await page
    .getByRole("navigation", { name: "Settings" })
    .getByRole("link", { name: "Add-ons" })
    .first()
    .click();
  await page.getByRole("button", { name: "Add new" }).click();
  const addOn = page.getByRole("form", { name: "New add-on" });
  await addOn.getByLabel("Name").fill("Wheel Locks");
  await addOn.getByLabel("Price").fill("120");
  await addOn.getByLabel(DESK_SETTINGS_TEXT.addOnCost).fill("30");
  await addOn.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("list", { name: "Add-ons" })).toContainText("Cost $30.00");
  await expectNoSeriousA11yViolations(page);

  // A new quote starts from the defaults: the Desk panel shows the pack at work.
  const quoteId = await createQuoteViaApi(request, manager, {
    vehicle: { description: "2024 Honda Accord EX-L", mileage: 12 },
    pricing: { advertisedPrice: 32000, discount: 1500 },
  });
  await page.goto(`/quote/${quoteId}?view=dealer`);
  await expectConnected(page);
  const desk = page.getByTestId("desk-panel");
  await desk.getByTestId("vehicle-cost").fill("25000");
  await desk.getByTestId("vehicle-cost").blur();
  // $32,000 - $1,500 discount - $25,000 cost - the $500 pack from Settings.
  await expect(desk.getByTestId("gross-front")).toHaveText("$5,000.00");
  const total = (await desk.getByTestId("gross-total").textContent()) ?? "";
  expect(total).toMatch(/^\$[\d,]+\.\d\d$/);

  // A saved version: its gross on the dealer's copy, in the versions dialog.
  await page.getByRole("button", { name: STRUCTURES_TEXT.versions }).click();
  const versions = page.getByRole("dialog", { name: STRUCTURES_TEXT.versionsTitle });
  await versions.getByRole("button", { name: STRUCTURES_TEXT.saveVersion }).click();
  await expect(versions.getByText(/^Saved version 1 \(/)).toBeVisible();
  const back = (await desk.getByTestId("gross-back").textContent()) ?? "";
  await expect(versions.getByTestId("version-gross")).toHaveText(
    DESK_TEXT.versionGross("$5,000.00", back, total),
  );
  await expectNoSeriousA11yViolations(page);
  await versions.getByRole("button", { name: "Close", exact: true }).last().click();

  // The desk log: the Gross column, once the quote's rooms have stored it (when the page leaves).
  await page.goto("/dashboard");
  await expect(page.getByRole("columnheader", { name: QUOTE_COLUMNS.gross })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "2024 Honda Accord EX-L" });
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("quote-gross")).toHaveText(total, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yViolations(page);
});

test("the owner turns 'Salespeople see gross' on; a salesperson is told the settings are not theirs", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const owner = await registerDealerViaApi(request);
  const sam = await addMemberViaApi(request, owner, {
    role: "salesperson",
    firstName: "Sam",
    lastName: "Seller",
  });
  const addOn = await request.post("/api/dealer-defaults/addons", {
    data: { name: "Wheel Locks", description: "", price: 120, cost: 30 },
    headers: authHeaders(owner),
  });
  expect(addOn.status()).toBe(201);
  await createQuoteViaApi(request, sam, { vehicle: { description: "2023 Mazda CX-5", mileage: 9 } });

  // The salesperson: no page of settings, no Gross column, no add-on cost.
  const samContext = await browser.newContext();
  const samPage = await samContext.newPage();
  await signInAs(samPage, sam);
  await samPage.goto("/settings/quote-defaults/desk-gross");
  await expect(samPage.getByTestId("desk-gross-not-allowed")).toHaveText(DESK_SETTINGS_TEXT.ownersOnly);
  await expect(samPage.getByRole("form", { name: DESK_SETTINGS_TEXT.title })).toHaveCount(0);
  await expectNoSeriousA11yViolations(samPage);
  await samPage.goto("/settings/quote-defaults/add-ons");
  await expect(samPage.getByRole("list", { name: "Add-ons" })).toContainText("Wheel Locks");
  await expect(samPage.getByRole("list", { name: "Add-ons" })).not.toContainText("Cost");
  await samPage.goto("/dashboard");
  await expect(samPage.getByRole("row").filter({ hasText: "2023 Mazda CX-5" })).toBeVisible();
  await expect(samPage.getByRole("columnheader", { name: QUOTE_COLUMNS.gross })).toHaveCount(0);

  // The owner turns the switch on, by keyboard.
  await signInAs(page, owner);
  await page.goto("/settings/quote-defaults/desk-gross");
  const form = page.getByRole("form", { name: DESK_SETTINGS_TEXT.title });
  const seeGross = form.getByRole("switch", { name: DESK_SETTINGS_TEXT.salespeopleSeeGross });
  await expect(seeGross).toBeEnabled();
  await seeGross.focus();
  await page.keyboard.press("Space");
  await expect(seeGross).toBeChecked();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(DESK_SETTINGS_TEXT.saved)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The salesperson's list now carries the Gross column ("—": no vehicle cost yet).
  await samPage.reload();
  await expect(samPage.getByRole("columnheader", { name: QUOTE_COLUMNS.gross })).toBeVisible();
  await expect(
    samPage.getByRole("row").filter({ hasText: "2023 Mazda CX-5" }).getByTestId("quote-gross"),
  ).toHaveText("—");
  await samContext.close();
});
