import { DASHBOARD_TEXT } from "../shared/text/dashboard-text";
import {
  ALL_QUOTES_TITLE,
  CHECKLIST_TEXT,
  QUOTE_COLUMNS,
  QUOTE_COPY_TEXT,
} from "../shared/text/dealer-messages";
import { MSG } from "../shared/text/messages";
import { TEXT, VEHICLE_FORM_LABELS } from "../shared/text/page-text";
import { setCustomerName, setQuoteTimes } from "./dashboard-db";
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from "./fixtures";
import { createQuoteViaApi, type DealerAccount, registerDealerViaApi, signInAs } from "./support/api";

const DAY = 86_400_000;
const quoteUrl = (id: string) => new RegExp(`/quote/${id}\\?view=dealer$`);

async function dealerWithQuotes(
  request: Parameters<typeof registerDealerViaApi>[0],
  vehicles: string[],
): Promise<{ account: DealerAccount; ids: string[] }> {
  const account = await registerDealerViaApi(request);
  const ids: string[] = [];
  for (const description of vehicles) {
    ids.push(await createQuoteViaApi(request, account, { vehicle: { description, mileage: 10 } }));
  }
  return { account, ids };
}

/** Waits for running CSS transitions (a dialog fading in) so that axe sees final colours. */
async function settled(page: import("@playwright/test").Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running").length))
    .toBe(0);
}

const vehicleCells = (page: import("@playwright/test").Page) =>
  page.locator("tbody tr td:first-child p").allTextContents();

test.describe("the dashboard", () => {
  test("a new dealer sees the greeting, the empty panel and its controls", async ({ page, request }) => {
    const account = await registerDealerViaApi(request, { firstName: "Priya" });
    await signInAs(page, account);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Priya!" })).toBeVisible();
    await expect(page).toHaveTitle("Dashboard · DealDesk");
    await expect(page.getByRole("heading", { level: 2, name: DASHBOARD_TEXT.activeQuotes })).toBeVisible();
    await expect(page.getByText(DASHBOARD_TEXT.noQuotesYet)).toBeVisible();
    await expect(page.getByRole("switch", { name: DASHBOARD_TEXT.showExpired })).not.toBeChecked();
    await expect(page.getByPlaceholder(DASHBOARD_TEXT.searchPlaceholder)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: DASHBOARD_TEXT.createNewQuote }).click();
    await expect(page).toHaveURL(/\/quote\/new$/);
  });

  test("a new owner is walked through the first-run checklist until it is done (issue #14)", async ({
    page,
    request,
  }) => {
    const account = await registerDealerViaApi(request, { firstName: "Priya" });
    await signInAs(page, account);
    await page.goto("/dashboard");
    const checklist = page.getByTestId("first-run-checklist");
    await expect(checklist.getByRole("heading", { level: 2, name: CHECKLIST_TEXT.title })).toBeVisible();
    await expect(checklist.getByTestId("checklist-progress")).toHaveText("0 of 4 done");
    await expectNoSeriousA11yViolations(page);

    // The profile: name, address and phone, on the contact information page.
    await checklist.getByRole("link", { name: CHECKLIST_TEXT.steps.profile.action }).click();
    await expect(page).toHaveURL(/\/settings\/contact-information$/);
    await page.getByLabel("Street address").fill("1 Main St");
    await page.getByLabel("City").fill("Springfield");
    await page.getByLabel("State").fill("IL");
    await page.getByLabel("ZIP code").fill("62701");
    await page.getByLabel("Phone").fill("2175550100");
    await page.getByRole("button", { name: /^Save/ }).click();
    await expect(page.getByText(MSG.dealershipUpdated)).toBeVisible();
    await page.goto("/dashboard");
    await expect(checklist.getByTestId("checklist-progress")).toHaveText("1 of 4 done");
    await expect(checklist.getByTestId("checklist-profile")).toHaveAttribute("data-done", "true");

    await checklist.getByRole("button", { name: CHECKLIST_TEXT.steps.taxesAndFees.mark }).click();
    await expect(checklist.getByTestId("checklist-progress")).toHaveText("2 of 4 done");

    const id = await createQuoteViaApi(request, account, {
      vehicle: { description: "2024 Kia EV6", mileage: 10 },
    });
    await page.reload();
    await expect(checklist.getByTestId("checklist-progress")).toHaveText("3 of 4 done");
    await expect(checklist.getByTestId("checklist-shared")).toHaveAttribute("data-done", "false");

    // Copying a quote's link is sharing it; the list is all that is left.
    await page.getByRole("button", { name: "Copy link for 2024 Kia EV6" }).click();
    await expect(page.getByText(MSG.quoteLinkCopied)).toBeVisible();
    await page.reload();
    await expect(page.getByRole("row", { name: /2024 Kia EV6/ })).toBeVisible();
    await expect(checklist).toHaveCount(0);
    expect(id).toBeTruthy();
  });

  test("the checklist stays away once dismissed (issue #14)", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    await signInAs(page, account);
    await page.goto("/dashboard");
    const checklist = page.getByTestId("first-run-checklist");
    await checklist.getByRole("button", { name: CHECKLIST_TEXT.dismiss }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: DASHBOARD_TEXT.activeQuotes })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });

  test("a dealer creates a quote through the form, fixing the messages first", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    await signInAs(page, account);
    await page.goto("/quote/new");
    await expect(page.getByRole("heading", { level: 1, name: DASHBOARD_TEXT.createNewQuote })).toBeVisible();
    await expect(page).toHaveTitle(`${DASHBOARD_TEXT.createNewQuote} · DealDesk`);
    const create = page.getByRole("button", { name: DASHBOARD_TEXT.createQuote });

    await create.click();
    await expect(page.getByText(MSG.descriptionRequired)).toBeVisible();
    await expect(page.getByText(MSG.mileageRequired)).toBeVisible();
    await expect(page.getByText(MSG.advertisedPriceRequired)).toBeVisible();
    // The first invalid field gets focus.
    await expect(page.getByLabel(VEHICLE_FORM_LABELS.description)).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(VEHICLE_FORM_LABELS.description).fill("2025 Subaru Outback Limited");
    await expect(page.getByText(MSG.descriptionRequired)).toHaveCount(0);
    await page.getByLabel(VEHICLE_FORM_LABELS.mileage).fill("-5");
    await expect(page.getByText(MSG.mileageNegative)).toBeVisible();
    await page.getByLabel(VEHICLE_FORM_LABELS.mileage).fill("1250");
    await page.getByLabel(VEHICLE_FORM_LABELS.color).fill("Autumn Green");
    await page.getByLabel(VEHICLE_FORM_LABELS.stockNumber).fill("S-7781");
    await page.getByLabel(VEHICLE_FORM_LABELS.advertisedUrl).fill("ftp://example.com/car");
    await expect(page.getByText(MSG.urlInvalid)).toBeVisible();
    await page.getByLabel(VEHICLE_FORM_LABELS.advertisedUrl).fill("https://example.com/outback");

    // Digits and one point only; two decimals with separators on blur; live selling price.
    const price = page.getByLabel(VEHICLE_FORM_LABELS.advertisedPrice);
    await price.pressSequentially("3a8,9.9.5x");
    await expect(price).toHaveValue("389.95");
    await price.fill("38995.5");
    await price.blur();
    await expect(price).toHaveValue("38,995.50");
    const discount = page.getByLabel(VEHICLE_FORM_LABELS.discount);
    await discount.fill("1500");
    await discount.blur();
    await expect(discount).toHaveValue("1,500.00");
    await expect(page.getByTestId("selling-price")).toHaveText("$37,495.50");

    // Hold the answer back to see the busy label.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/quotes", async (route) => {
      await held;
      await route.continue();
    });
    await create.click();
    await expect(page.getByRole("button", { name: DASHBOARD_TEXT.creating })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/quote\/[A-Za-z0-9_-]+\?view=dealer$/);
    await page.unroute("**/api/quotes");

    await page.goto("/dashboard");
    const row = page.getByRole("row", { name: /2025 Subaru Outback Limited/ });
    await expect(row).toBeVisible();
    const today = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
    // The date, then the time of day (#14).
    const at = (date: string) => new RegExp(`^${date}, \\d{1,2}:\\d\\d [AP]M$`);
    await expect(row.getByRole("cell").nth(2)).toHaveText(at(today.format(new Date())));
    await expect(row.getByRole("cell").nth(3)).toHaveText(at(today.format(new Date(Date.now() + 7 * DAY))));
  });

  test("create failure shows the spec message and Cancel goes back", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    await signInAs(page, account);
    await page.goto("/quote/new");
    await page.getByLabel(VEHICLE_FORM_LABELS.description).fill("2020 Kia Soul");
    await page.getByLabel(VEHICLE_FORM_LABELS.mileage).fill("40000");
    await page.getByLabel(VEHICLE_FORM_LABELS.advertisedPrice).fill("15000");
    await page.route("**/api/quotes", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }),
    );
    await page.getByRole("button", { name: DASHBOARD_TEXT.createQuote }).click();
    await expect(page.getByRole("alert").filter({ hasText: MSG.createQuoteFailed })).toBeVisible();
    await expect(page).toHaveURL(/\/quote\/new$/);
    await expect(page.getByLabel(VEHICLE_FORM_LABELS.description)).toHaveValue("2020 Kia Soul");
    await page.unroute("**/api/quotes");
    await page.getByRole("button", { name: TEXT.cancel }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(DASHBOARD_TEXT.noQuotesYet)).toBeVisible();
  });

  test("search finds quotes by vehicle and by customer name, ignoring case", async ({ page, request }) => {
    const { account, ids } = await dealerWithQuotes(request, [
      "2024 Honda Accord EX-L",
      "2023 Toyota Camry SE",
      "2022 Ford F-150 XLT",
    ]);
    setCustomerName(ids[1] as string, "Maria Lopez");
    await signInAs(page, account);
    await page.goto("/dashboard");
    await expect(page.locator("tbody tr")).toHaveCount(3);
    const search = page.getByRole("searchbox", { name: DASHBOARD_TEXT.searchPlaceholder });

    await search.fill("hONDA");
    await expect.poll(() => vehicleCells(page)).toEqual(["2024 Honda Accord EX-L"]);
    await search.fill("maria");
    await expect.poll(() => vehicleCells(page)).toEqual(["2023 Toyota Camry SE"]);
    await expect(page.getByRole("row", { name: /Maria Lopez/ })).toBeVisible();
    await search.fill("Lamborghini");
    await expect(page.getByText(DASHBOARD_TEXT.noQuotesMatch)).toBeVisible();
    await search.fill("");
    await expect(page.locator("tbody tr")).toHaveCount(3);
  });

  test("Vehicle and Created sort both ways with arrows and aria-sort", async ({ page, request }) => {
    const { account, ids } = await dealerWithQuotes(request, ["Bravo", "alpha", "Charlie"]);
    const now = Date.now();
    // Bravo newest, then alpha, then Charlie.
    ids.forEach((id, i) => {
      setQuoteTimes(id, { createdAt: now - (i + 1) * DAY });
    });
    await signInAs(page, account);
    await page.goto("/dashboard");

    const vehicleHeader = page.getByRole("columnheader", { name: QUOTE_COLUMNS.vehicle });
    const createdHeader = page.getByRole("columnheader", { name: QUOTE_COLUMNS.created });
    await expect.poll(() => vehicleCells(page)).toEqual(["Bravo", "alpha", "Charlie"]);
    await expect(createdHeader).toHaveAttribute("aria-sort", "descending");
    await expect(vehicleHeader).not.toHaveAttribute("aria-sort");

    await createdHeader.getByRole("button").click();
    await expect.poll(() => vehicleCells(page)).toEqual(["Charlie", "alpha", "Bravo"]);
    await expect(createdHeader).toHaveAttribute("aria-sort", "ascending");

    await vehicleHeader.getByRole("button").click();
    await expect.poll(() => vehicleCells(page)).toEqual(["alpha", "Bravo", "Charlie"]);
    await expect(vehicleHeader).toHaveAttribute("aria-sort", "ascending");
    await expect(createdHeader).not.toHaveAttribute("aria-sort");

    await vehicleHeader.getByRole("button").click();
    await expect.poll(() => vehicleCells(page)).toEqual(["Charlie", "Bravo", "alpha"]);
    await expect(vehicleHeader).toHaveAttribute("aria-sort", "descending");

    // Another column starts ascending again.
    await createdHeader.getByRole("button").click();
    await expect.poll(() => vehicleCells(page)).toEqual(["Charlie", "alpha", "Bravo"]);
  });

  test("a row opens the quote on click and on Enter", async ({ page, request }) => {
    const { account, ids } = await dealerWithQuotes(request, ["2019 Mazda CX-5"]);
    await signInAs(page, account);
    await page.goto("/dashboard");
    await page.getByRole("cell", { name: "2019 Mazda CX-5", exact: true }).click();
    await expect(page).toHaveURL(quoteUrl(ids[0] as string));
    await page.goto("/dashboard");
    await page.getByRole("row", { name: /2019 Mazda CX-5/ }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(quoteUrl(ids[0] as string));
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Edit 2019 Mazda CX-5" }).click();
    await expect(page).toHaveURL(quoteUrl(ids[0] as string));
  });

  test("copy link puts the shopper link on the clipboard", async ({ page, context, request, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const { account, ids } = await dealerWithQuotes(request, ["2024 Honda Accord"]);
    await signInAs(page, account);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Copy link for 2024 Honda Accord" }).click();
    const notice = page.getByText(MSG.quoteLinkCopied);
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/quote/${ids[0]}`);
    // The copy did not open the quote, and the notice hides after 4 seconds.
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(notice).toBeHidden({ timeout: 7_000 });
  });

  test("delete asks first, then removes the quote", async ({ page, request }) => {
    const { account } = await dealerWithQuotes(request, ["2018 Jeep Wrangler", "2021 Audi Q5"]);
    await signInAs(page, account);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Delete 2018 Jeep Wrangler" }).click();
    const dialog = page.getByRole("dialog", { name: DASHBOARD_TEXT.deleteQuoteTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(DASHBOARD_TEXT.deleteQuoteConfirm)).toBeVisible();
    await expect(dialog.getByRole("button", { name: TEXT.cancel })).toBeFocused();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: TEXT.cancel }).click();
    await expect(dialog).toBeHidden();
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole("button", { name: "Delete 2018 Jeep Wrangler" }).click();
    await dialog.getByRole("button", { name: TEXT.delete }).click();
    await expect(page.getByText(MSG.quoteDeleted)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => vehicleCells(page)).toEqual(["2021 Audi Q5"]);
    await page.reload();
    await expect.poll(() => vehicleCells(page)).toEqual(["2021 Audi Q5"]);
  });

  test("a failed delete says so, closes the dialog and keeps the quote", async ({ page, request }) => {
    const { account } = await dealerWithQuotes(request, ["2021 Audi Q5"]);
    await signInAs(page, account);
    await page.goto("/dashboard");
    await page.route("**/api/quotes/*", (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
        : route.continue(),
    );
    await page.getByRole("button", { name: "Delete 2021 Audi Q5" }).click();
    await page.getByRole("dialog").getByRole("button", { name: TEXT.delete }).click();
    await expect(page.getByText(MSG.deleteQuoteFailed)).toBeVisible();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect.poll(() => vehicleCells(page)).toEqual(["2021 Audi Q5"]);
  });

  test("expired quotes are hidden until shown, then faded with only delete enabled", async ({
    page,
    request,
  }) => {
    const { account, ids } = await dealerWithQuotes(request, ["2017 Nissan Leaf", "2024 Kia EV6"]);
    setQuoteTimes(ids[0] as string, { createdAt: Date.now() - 10 * DAY, expiresAt: Date.now() - 3 * DAY });
    await signInAs(page, account);
    await page.goto("/dashboard");
    await expect.poll(() => vehicleCells(page)).toEqual(["2024 Kia EV6"]);

    await page.getByRole("switch", { name: DASHBOARD_TEXT.showExpired }).check();
    // With expired quotes shown, the list is no longer "Active Quotes" (#14).
    await expect(page.getByRole("heading", { level: 2, name: ALL_QUOTES_TITLE })).toBeVisible();
    const row = page.getByRole("row", { name: /2017 Nissan Leaf/ });
    await expect(row.getByText(TEXT.expired)).toBeVisible();
    // Dates carry the time of day (#14).
    await expect(row.getByRole("cell").nth(2)).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/,
    );
    // The delete icon stays red in dark mode (#14).
    await page.emulateMedia({ colorScheme: "dark" });
    const trash = row.getByRole("button", { name: "Delete 2017 Nissan Leaf" });
    await expect.poll(() => trash.evaluate((el) => getComputedStyle(el).color)).toBe("rgb(255, 135, 135)");
    await page.emulateMedia({ colorScheme: "light" });
    const vehicleText = row.getByText("2017 Nissan Leaf", { exact: true });
    expect(Number(await vehicleText.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(1);
    const liveText = page.getByText("2024 Kia EV6", { exact: true });
    expect(Number(await liveText.evaluate((el) => getComputedStyle(el).opacity))).toBe(1);
    await expect(row.getByRole("button", { name: "Edit 2017 Nissan Leaf" })).toBeDisabled();
    await expect(row.getByRole("button", { name: "Copy link for 2017 Nissan Leaf" })).toBeDisabled();
    const live = page.getByRole("row", { name: /2024 Kia EV6/ });
    await expect(live.getByText(TEXT.expired)).toHaveCount(0);
    await expect(live.getByRole("button", { name: "Copy link for 2024 Kia EV6" })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);

    // Only an expired quote offers Renew (issue #14).
    await expect(live.getByRole("button", { name: QUOTE_COPY_TEXT.renewLabel("2024 Kia EV6") })).toHaveCount(
      0,
    );
    await row.getByRole("button", { name: "Delete 2017 Nissan Leaf" }).click();
    await page.getByRole("dialog").getByRole("button", { name: TEXT.delete }).click();
    await expect(page.getByText(MSG.quoteDeleted)).toBeVisible();
    await expect.poll(() => vehicleCells(page)).toEqual(["2024 Kia EV6"]);
  });

  test("an expired quote is renewed from its row, and a quote duplicated for another customer (issue #14)", async ({
    page,
    request,
  }) => {
    const { account, ids } = await dealerWithQuotes(request, ["2017 Nissan Leaf", "2024 Kia EV6"]);
    setQuoteTimes(ids[0] as string, { expiresAt: Date.now() - 3 * DAY });
    setCustomerName(ids[1] as string, "Jordan Lee");
    await signInAs(page, account);
    await page.goto("/dashboard");
    await page.getByRole("switch", { name: DASHBOARD_TEXT.showExpired }).check();
    const row = page.getByRole("row", { name: /2017 Nissan Leaf/ });
    await row.getByRole("button", { name: QUOTE_COPY_TEXT.renewLabel("2017 Nissan Leaf") }).click();
    await expect(
      page.getByText(/^Quote renewed\. It now expires [A-Z][a-z]{2} \d{1,2}, \d{4}/),
    ).toBeVisible();
    await expect(row.getByText(TEXT.expired)).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Edit 2017 Nissan Leaf" })).toBeEnabled();
    await page.getByRole("switch", { name: DASHBOARD_TEXT.showExpired }).uncheck();
    await expect.poll(() => vehicleCells(page)).toEqual(["2024 Kia EV6", "2017 Nissan Leaf"]);
    // The renewal holds after a reload.
    await page.reload();
    await expect.poll(() => vehicleCells(page)).toEqual(["2024 Kia EV6", "2017 Nissan Leaf"]);

    const kia = page.getByRole("row", { name: /2024 Kia EV6/ });
    await expect(kia.getByText("Jordan Lee")).toBeVisible();
    await kia.getByRole("button", { name: QUOTE_COPY_TEXT.duplicateLabel("2024 Kia EV6") }).click();
    await expect(page.getByText(QUOTE_COPY_TEXT.duplicated)).toBeVisible();
    await expect(page).toHaveURL(/\/quote\/[A-Za-z0-9_-]{22}\?view=dealer$/);
    const copyId = new URL(page.url()).pathname.split("/").pop();
    expect(copyId).not.toBe(ids[1]);
    await expect(page.getByRole("heading", { level: 1, name: "2024 Kia EV6" })).toBeVisible();
    await expect(page.getByTestId("customer-line")).toHaveCount(0);
    await page.goto("/dashboard");
    await expect.poll(() => vehicleCells(page)).toEqual(["2024 Kia EV6", "2024 Kia EV6", "2017 Nissan Leaf"]);
    const copyRow = page.getByRole("row", { name: /2024 Kia EV6/ }).first();
    await expect(copyRow.getByText("Jordan Lee")).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });

  test("a failed load shows the reason, and Try Again loads the list", async ({ page, request }) => {
    const { account } = await dealerWithQuotes(request, ["2016 Volvo XC90"]);
    await signInAs(page, account);
    await page.route("**/api/quotes", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ message: "Database is unavailable" }),
      }),
    );
    await page.goto("/dashboard");
    await expect(page.getByText("Failed to load quotes: Database is unavailable")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.unroute("**/api/quotes");
    await page.getByRole("button", { name: TEXT.tryAgain }).click();
    await expect.poll(() => vehicleCells(page)).toEqual(["2016 Volvo XC90"]);
  });

  test("the list shows 'Loading quotes...' while it loads", async ({ page, request }) => {
    const { account } = await dealerWithQuotes(request, ["2016 Volvo XC90"]);
    await signInAs(page, account);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/quotes", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard");
    await expect(page.getByText(DASHBOARD_TEXT.loadingQuotes)).toBeVisible();
    release();
    await expect.poll(() => vehicleCells(page)).toEqual(["2016 Volvo XC90"]);
  });

  test("at phone width the quotes are cards that open the quote", async ({ page, request }) => {
    const { account, ids } = await dealerWithQuotes(request, [
      "2024 Chevrolet Silverado 1500 LTZ Crew Cab",
      "2015 Honda Fit",
    ]);
    setCustomerName(ids[0] as string, "Jordan Avery-Whitman");
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, account);
    await page.goto("/dashboard");
    await expect(page.getByTestId("quote-card")).toHaveCount(2);
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByText("Jordan Avery-Whitman")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);

    // The cards' sort list gives the same orders as the headers.
    await page.getByRole("combobox", { name: "Sort quotes" }).selectOption("vehicle-asc");
    await expect(page.getByTestId("quote-card").first()).toContainText("2015 Honda Fit");

    await page.getByText("2024 Chevrolet Silverado 1500 LTZ Crew Cab").click();
    await expect(page).toHaveURL(quoteUrl(ids[0] as string));

    await page.goto("/quote/new");
    await expect(page.getByRole("button", { name: DASHBOARD_TEXT.createQuote })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
  });

  test("dark mode stays readable on the dashboard and the form", async ({ page, request }) => {
    const { account, ids } = await dealerWithQuotes(request, ["2017 Nissan Leaf", "2024 Kia EV6"]);
    setQuoteTimes(ids[0] as string, { expiresAt: Date.now() - DAY });
    setCustomerName(ids[1] as string, "Sam Ortiz");
    await page.emulateMedia({ colorScheme: "dark" });
    await signInAs(page, account);
    await page.goto("/dashboard");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    await page.getByRole("switch", { name: DASHBOARD_TEXT.showExpired }).check();
    await expect(page.locator("tbody tr")).toHaveCount(2);
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await page.goto("/quote/new");
    await page.getByRole("button", { name: DASHBOARD_TEXT.createQuote }).click();
    await expect(page.getByText(MSG.descriptionRequired)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
