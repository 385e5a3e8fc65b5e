import { expect } from "./fixtures";
import { lineValue, openLine, setUpQuote, quoteTest as test } from "./quote-setup";

// Base figures of the untouched worked-example quote (see quote-live.spec.ts): downpayment
// -3,361.00, out the door 30,246.80; Good 72 months at 9 %.

test("the amount dialog: Enter saves, Escape cancels, blank is 0, too large is refused, blur formats", async ({
  quote,
  pages,
}) => {
  const { page } = await pages.shopper(quote);
  const dialog = page.getByRole("dialog", { name: "Downpayment" });
  const input = dialog.getByLabel("Amount");

  await openLine(page, "down-payment");
  await expect(input).toHaveValue("3,361.00");
  await expect(input).toBeFocused();
  await input.fill("5000");
  await input.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(lineValue(page, "down-payment")).toHaveText("-$3,361.00");

  await openLine(page, "down-payment");
  await input.fill("1000000");
  await input.press("Enter");
  await expect(dialog.getByText("Amount cannot exceed $999,999.99")).toBeVisible();
  await expect(lineValue(page, "down-payment")).toHaveText("-$3,361.00");

  // Only digits and one point are kept; blur formats with separators and two decimals.
  await input.fill("12a34.5.6");
  await expect(input).toHaveValue("1234.56");
  await input.blur();
  await expect(input).toHaveValue("1,234.56");
  await input.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(lineValue(page, "down-payment")).toHaveText("-$1,234.56");

  await openLine(page, "down-payment");
  await input.fill("");
  await input.press("Enter");
  await expect(lineValue(page, "down-payment")).toHaveText("$0.00");
  await expect(lineValue(page, "out-the-door")).toHaveText("$33,607.80");
});

test("the trade-in dialog: required fields, first invalid field focused, errors clear when corrected or unchecked", async ({
  quote,
  pages,
}) => {
  const { page } = await pages.shopper(quote);
  await openLine(page, "trade-in");
  const dialog = page.getByRole("dialog", { name: "Trade-in value" });
  await dialog.getByLabel("I have a car to trade in").check();
  await expect(dialog.getByLabel("Condition")).toHaveValue("Good");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Vehicle description is required")).toBeVisible();
  await expect(dialog.getByText("Mileage is required")).toBeVisible();
  await expect(dialog.getByLabel("Vehicle description")).toBeFocused();

  await dialog.getByLabel("Vehicle description").fill("2012 Ford Focus");
  await expect(dialog.getByText("Vehicle description is required")).toHaveCount(0);
  await dialog.getByLabel("Mileage").fill("0");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Mileage is required")).toBeVisible();
  await expect(dialog.getByLabel("Mileage")).toBeFocused();

  // Unchecking clears every error; nothing was saved meanwhile.
  await dialog.getByLabel("I have a car to trade in").uncheck();
  await expect(dialog.getByText("Mileage is required")).toHaveCount(0);
  await expect(page.getByTestId("line-trade-in-sublabel")).toHaveCount(0);

  // The condition suggestions are a native datalist.
  const options = await dialog
    .getByLabel("Condition")
    .evaluate((input: HTMLInputElement) => [...(input.list?.options ?? [])].map((o) => o.value));
  expect(options).toEqual(["Excellent", "Good", "Fair", "Poor"]);
});

test("the dealer's add-on prices: valid number, not negative, not above retail, Save disabled while wrong", async ({
  quote,
  pages,
}) => {
  const { page } = await pages.dealer(quote);
  await openLine(page, "add-ons");
  const dialog = page.getByRole("dialog", { name: "Add-ons & Accessories" });
  const price = dialog.getByLabel("Selling price for Paint Protection");
  const save = dialog.getByRole("button", { name: "Save" });
  await expect(price).toBeDisabled();
  await dialog.getByRole("checkbox", { name: "Paint Protection" }).check();
  await expect(price).toHaveValue("1,200.00");

  await price.fill("abc");
  await expect(dialog.getByText("Please enter a valid number")).toBeVisible();
  await expect(save).toBeDisabled();
  await price.fill("-5");
  await expect(dialog.getByText("Price cannot be negative")).toBeVisible();
  await price.fill("1200.01");
  await expect(dialog.getByText("Cannot exceed retail price")).toBeVisible();
  await expect(save).toBeDisabled();
  await price.fill("");
  await expect(save).toBeEnabled();
  await save.click();
  // Empty counts as 0: selected, free, retail struck through.
  await expect(lineValue(page, "add-ons")).toHaveText("$0.00");
  await expect(page.getByTestId("line-add-ons-note")).toHaveText("(1 selected)");
});

test("share quote: name, email and phone rules, Email and Text need valid details, copy link shows its notice for 3 s", async ({
  quote,
  pages,
}) => {
  const { context, page } = await pages.dealer(quote);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share Quote" });
  await expect(dialog.getByRole("button", { name: "Email" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Text" })).toBeDisabled();

  await dialog.getByLabel("Email").fill("sam@");
  await dialog.getByLabel("Phone").fill("555123");
  await expect(dialog.getByLabel("Phone")).toHaveValue("1 (555) 123");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Customer name is required")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByText("Please enter a complete phone number")).toBeVisible();
  await expect(dialog.getByLabel("Customer name")).toBeFocused();

  await dialog.getByLabel("Email").fill("sam@example.com");
  await expect(dialog.getByRole("link", { name: "Email" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Text" })).toBeDisabled();
  await dialog.getByLabel("Phone").fill("15551234567");
  const email = dialog.getByRole("link", { name: "Email" });
  const text = dialog.getByRole("link", { name: "Text" });
  await expect(email).toHaveAttribute("href", /^mailto:sam%40example\.com\?subject=/);
  await expect(text).toHaveAttribute("href", /^sms:\+15551234567\?&body=/);

  await dialog.getByRole("button", { name: "Copy link" }).click();
  const notice = dialog.getByText("URL copied to clipboard");
  await expect(notice).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`${new URL(page.url()).origin}/quote/${quote.quoteId}`);
  await expect(notice).toBeHidden({ timeout: 4_000 });

  await dialog.getByLabel("Customer name").fill(" Sam Lee ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("customer-line")).toContainText("Customer: Sam Lee");
});

test("the dealer's inline rate edit: Enter confirms, Escape and leaving cancel, the confirm button confirms, 0 to 99.99", async ({
  deal: { dealer, shopper },
}) => {
  const page = dealer.page;
  const cell = page.getByTestId("payment-good-72");
  const rateInput = cell.getByLabel("Rate for Good, 72 months", { exact: true });
  await expect(cell).toContainText("$545.21");

  await cell.getByRole("button", { name: /Edit rate/ }).click();
  await rateInput.fill("4.5");
  await rateInput.press("Escape");
  await expect(cell).toContainText("9% APR");
  await expect(rateInput).toHaveCount(0);

  await cell.getByRole("button", { name: /Edit rate/ }).click();
  await rateInput.fill("4.5");
  await page.getByRole("heading", { name: "Monthly Payments" }).click();
  await expect(rateInput).toHaveCount(0);
  await expect(cell).toContainText("9% APR");

  await cell.getByRole("button", { name: /Edit rate/ }).click();
  await rateInput.fill("100");
  await rateInput.press("Enter");
  await expect(cell.getByText("Rate must be between 0 and 99.99")).toBeVisible();
  await rateInput.fill("4.9");
  await rateInput.press("Enter");
  // The custom rate with the default in parentheses for the dealer; the shopper sees the rate only.
  await expect(cell).toContainText("4.9% APR (9%)");
  await expect(shopper.page.getByTestId("payment-good-72")).toContainText("4.9% APR", { timeout: 2_000 });
  await expect(shopper.page.getByTestId("payment-good-72")).not.toContainText("(9%)");
  // Payment on 30,246.80 at 4.9 % over 72 months: r = 0.0040833, (1 + r)^-72 = 0.745723,
  // P = 123.5078 / 0.254277 = 485.7209 -> 485.72 (to the nearest cent).
  await expect(cell).toContainText("$485.72");

  // The confirm button confirms (leaving the field for it does not cancel).
  const cell60 = page.getByTestId("payment-good-60");
  await cell60.getByRole("button", { name: /Edit rate/ }).click();
  await cell60.getByLabel("Rate for Good, 60 months", { exact: true }).fill("0");
  await cell60.getByRole("button", { name: "Confirm rate for Good, 60 months" }).click();
  await expect(cell60).toContainText("0% APR (8.5%)");
  // 0 %: 30,246.80 / 60 = 504.1133 -> 504.11.
  await expect(cell60).toContainText("$504.11");
});

test("editing the vehicle updates the heading, title and prices on both sides; deleting goes to the dashboard", async ({
  deal: { dealer, shopper },
}) => {
  const page = dealer.page;

  await page.getByRole("button", { name: "Edit vehicle" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Vehicle" });
  await expect(dialog.getByLabel("Description")).toHaveValue("2024 Honda Accord EX-L");
  await dialog.getByLabel("Description").fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Description is required")).toBeVisible();
  await dialog.getByLabel("Description").fill("2024 Honda Accord Touring");
  await dialog.getByLabel("Advertised Price").fill("34000");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  for (const p of [page, shopper.page]) {
    await expect(p.getByRole("heading", { level: 1 })).toHaveText("2024 Honda Accord Touring", {
      timeout: 2_000,
    });
    await expect(p).toHaveTitle(
      p === page
        ? "2024 Honda Accord Touring Quote Details · DealDesk"
        : "2024 Honda Accord Touring quote · Example Motors",
    );
    await expect(lineValue(p, "selling-price")).toHaveText("$32,500.00");
  }

  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Quote" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The shopper's open page learns that the quote is gone.
  await expect(shopper.page.getByRole("heading", { name: "Quote not found" })).toBeVisible();
});

test("a failed delete only closes the confirmation; the quote stays open", async ({ request, pages }) => {
  const setup = await setUpQuote(request);
  const { page } = await pages.dealer(setup);
  await page.route(`**/api/quotes/${setup.quoteId}`, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, contentType: "application/json", body: "{}" })
      : route.continue(),
  );
  await page.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete Quote" });
  await expect(confirm).toContainText(
    "Are you sure you want to delete this quote? This action cannot be undone.",
  );
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/quote/${setup.quoteId}\\?view=dealer$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2024 Honda Accord EX-L");
});

test("keyboard: Escape on the rate's confirm button cancels, dialogs keep the focus inside, arrow keys on the tier commit once", async ({
  deal: { dealer, shopper },
}) => {
  const page = dealer.page;
  const cell = page.getByTestId("payment-good-72");
  await cell.getByRole("button", { name: /Edit rate/ }).click();
  await cell.getByLabel("Rate for Good, 72 months", { exact: true }).fill("3.9");
  await page.keyboard.press("Tab");
  await expect(cell.getByRole("button", { name: "Confirm rate for Good, 72 months" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(cell.getByLabel("Rate for Good, 72 months", { exact: true })).toHaveCount(0);
  await expect(cell).toContainText("9% APR");
  await expect(cell).not.toContainText("3.9%");

  // Tab and Shift+Tab go round inside an open dialog, never out to the page or the browser.
  await openLine(shopper.page, "down-payment");
  const dialog = shopper.page.getByRole("dialog", { name: "Downpayment" });
  for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
    await shopper.page.keyboard.press(key);
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      `focus after ${key}`,
    ).toBe(true);
  }
  await shopper.page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // Stepping through the tiers with the keys moves nothing for the other side until Enter;
  // Escape drops a stepped draft.
  const tier = page.getByLabel("Credit tier");
  await tier.focus();
  await page.keyboard.press("ArrowDown");
  await expect(tier).toHaveValue("fair");
  await page.keyboard.press("Escape");
  await expect(tier).toHaveValue("good");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(tier).toHaveValue("poor");
  await page.waitForTimeout(600);
  await expect(shopper.page.getByLabel("Credit tier")).toHaveValue("good");
  await page.keyboard.press("Enter");
  await expect(shopper.page.getByLabel("Credit tier")).toHaveValue("poor", { timeout: 2_000 });
});
