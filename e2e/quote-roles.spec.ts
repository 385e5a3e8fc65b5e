import { QUOTE_COPY_TEXT } from "../shared/text/dealer-messages";
import { setQuoteTimes } from "./dashboard-db";
import { expect } from "./fixtures";
import {
  editAmount,
  expectConnected,
  lineValue,
  openLine,
  saveTradeIn,
  setUpQuote,
  showHistory,
  quoteTest as test,
} from "./quote-setup";
import { authHeaders, registerDealerViaApi, signInAs } from "./support/api";

/** The shopper's own trade-in, entered without a value. */
const SUBARU = {
  checkbox: "I have a car to trade in",
  description: "2015 Subaru Outback",
  mileage: "120000",
};

test("the shopper sees no toolbar, no customer contact, read-only add-ons, no rate editing and no trade-in value field", async ({
  quote,
  pages,
}) => {
  const dealer = await pages.dealer(quote);

  // The dealer saves a customer (private document) and sees the contact line.
  await dealer.page.getByRole("button", { name: "Share" }).click();
  const share = dealer.page.getByRole("dialog", { name: "Share Quote" });
  await share.getByLabel("Customer name").fill("  Sam Lee  ");
  await share.getByLabel("Email").fill("sam@example.com");
  await share.getByLabel("Phone").fill("5551234567");
  await expect(share.getByLabel("Phone")).toHaveValue("1 (555) 123-4567");
  await share.getByRole("button", { name: "Save" }).click();
  await expect(share).toBeHidden();
  const customer = dealer.page.getByTestId("customer-line");
  await expect(customer).toContainText("Customer: Sam Lee");
  await expect(customer.getByRole("link", { name: "sam@example.com" })).toHaveAttribute(
    "href",
    "mailto:sam@example.com",
  );
  await expect(customer.getByRole("link", { name: "1 (555) 123-4567" })).toHaveAttribute(
    "href",
    "tel:+15551234567",
  );

  const shopper = await pages.shopper(quote);
  const page = shopper.page;
  await expect(page.getByTestId("dealer-toolbar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveCount(0);
  await expect(page.getByText("Sam Lee")).toHaveCount(0);
  await expect(page.getByText("sam@example.com")).toHaveCount(0);
  // Prices are plain text for the shopper: the advertised price and discount lines open nothing.
  await expect(page.getByTestId("line-advertised-price").getByRole("button")).toHaveCount(0);
  await expect(page.getByTestId("line-discount").getByRole("button")).toHaveCount(0);
  // No rate editing.
  await expect(page.getByRole("button", { name: /Edit rate/ })).toHaveCount(0);
  await expect(dealer.page.getByRole("button", { name: /Edit rate for Good, 60 months/ })).toBeVisible();

  // Add-ons: listed with prices, nothing to edit.
  await openLine(page, "add-ons");
  const addOns = page.getByRole("dialog", { name: "Add-ons & Accessories" });
  await expect(addOns.getByTestId("add-on-row")).toHaveCount(2);
  await expect(addOns).toContainText("Paint Protection");
  await expect(addOns).toContainText("$1,200.00");
  await expect(addOns.getByRole("textbox")).toHaveCount(0);
  await expect(addOns.getByRole("checkbox")).toHaveCount(0);
  await addOns.getByRole("button", { name: "Close" }).last().click();

  // Trade-in: the shopper's label, no estimated value field; the dealer's label and the field.
  await openLine(page, "trade-in");
  const tradeIn = page.getByRole("dialog", { name: "Trade-in value" });
  await expect(tradeIn.getByLabel("I have a car to trade in")).toBeVisible();
  await expect(tradeIn.getByLabel("Estimated value")).toHaveCount(0);
  await saveTradeIn(tradeIn, SUBARU);
  await expect(tradeIn).toBeHidden();
  // A trade-in without a value is 'Requested from the dealership', on both sides.
  await expect(page.getByTestId("line-trade-in-note")).toHaveText("(Requested from the dealership)");
  await expect(dealer.page.getByTestId("line-trade-in-note")).toHaveText("(Requested from the dealership)");
  await openLine(dealer.page, "trade-in");
  const dealerTradeIn = dealer.page.getByRole("dialog", { name: "Trade-in value" });
  await expect(dealerTradeIn.getByLabel("Shopper has a trade-in vehicle")).toBeChecked();
  await expect(dealerTradeIn.getByLabel("Estimated value")).toBeVisible();
  await dealerTradeIn.getByLabel("Estimated value").fill("6500");
  await dealerTradeIn.getByRole("button", { name: "Save" }).click();
  await expect(lineValue(page, "trade-in")).toHaveText("-$6,500.00", { timeout: 2_000 });
  await expect(page.getByTestId("line-trade-in-note")).toHaveCount(0);
});

test("a shopper opening the trade-in from the amount owed edits only the amount owed; it is dimmed without a trade-in", async ({
  quote,
  pages,
}) => {
  const { page } = await pages.shopper(quote);
  // No trade-in: the amount owed is dimmed and opens nothing.
  await expect(page.getByTestId("line-amount-owed")).toHaveAttribute("data-dimmed", "true");
  await expect(page.getByTestId("line-amount-owed").getByRole("button")).toHaveCount(0);

  await openLine(page, "trade-in");
  const dialog = page.getByRole("dialog", { name: "Trade-in value" });
  await saveTradeIn(dialog, SUBARU);
  await expect(page.getByTestId("line-amount-owed")).not.toHaveAttribute("data-dimmed", "true");
  await expect(page.getByTestId("line-amount-owed-note")).toHaveCount(0);

  await openLine(page, "amount-owed");
  // The amount-owed dialog has its own title.
  const owed = page.getByRole("dialog", { name: "Amount owed on trade-in" });
  await expect(owed.getByLabel("Vehicle description")).toBeDisabled();
  await expect(owed.getByLabel("Mileage")).toBeDisabled();
  await expect(owed.getByLabel("I have a car to trade in")).toBeDisabled();
  await expect(owed.getByLabel("Amount owed")).toBeFocused();
  await owed.getByLabel("Amount owed").fill("2750.5");
  await owed.getByLabel("Amount owed").press("Enter");
  await expect(owed).toBeHidden();
  await expect(lineValue(page, "amount-owed")).toHaveText("$2,750.50");
  // Not appraised yet, the payoff raises the total: the line says why.
  await expect(page.getByTestId("line-amount-owed-note")).toHaveText("Trade-in value not appraised yet");
});

test("an expired quote is read-only for the shopper with a notice, and still the dealer's to work", async ({
  quote,
  pages,
}) => {
  setQuoteTimes(quote.quoteId, { expiresAt: Date.now() - 60_000 });
  const { page } = await pages.shopper(quote);
  await expect(page.getByTestId("expired-notice")).toContainText("This quote has expired");
  await expect(
    page.getByTestId("price-lines").getByRole("button", { name: /Downpayment|Trade-in|Add-ons/ }),
  ).toHaveCount(0);
  await expect(page.getByLabel("Credit tier")).toBeDisabled();
  await expect(lineValue(page, "out-the-door")).toHaveText("$30,246.80");

  const dealer = await pages.dealer(quote);
  await expect(dealer.page.getByTestId("expired-notice")).toHaveCount(0);
  await expect(dealer.page.getByTestId("expired-badge")).toHaveText("Expired");
  await expect(dealer.page.getByRole("button", { name: "Delete" })).toBeEnabled();

  // Issue #14: the dealer renews it from its page; the shopper's page is editable again.
  await dealer.page.getByRole("button", { name: QUOTE_COPY_TEXT.renew }).click();
  await expect(
    dealer.page.getByText(/^Quote renewed\. It now expires [A-Z][a-z]{2} \d{1,2}, \d{4}/),
  ).toBeVisible();
  await expect(dealer.page.getByTestId("expired-badge")).toHaveCount(0);
  await expect(dealer.page.getByRole("button", { name: QUOTE_COPY_TEXT.renew })).toHaveCount(0);
  await page.reload();
  await expect(lineValue(page, "out-the-door")).toHaveText("$30,246.80");
  await expect(page.getByTestId("expired-notice")).toHaveCount(0);
  await expect(page.getByLabel("Credit tier")).toBeEnabled();
  await expectConnected(page);
  await editAmount(page, "down-payment", "4000");
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$4,000.00");
  await expect(await showHistory(dealer.page)).toContainText(/renewed the quote until/);

  // And duplicates it for another shopper: a fresh link with the same deal and no customer.
  await dealer.page.getByRole("button", { name: QUOTE_COPY_TEXT.duplicate }).click();
  await expect(dealer.page.getByText(QUOTE_COPY_TEXT.duplicated)).toBeVisible();
  await expect(dealer.page).not.toHaveURL(new RegExp(`/quote/${quote.quoteId}\\?`));
  await expect(dealer.page).toHaveURL(/\/quote\/[A-Za-z0-9_-]{22}\?view=dealer$/);
  await expectConnected(dealer.page);
  // Issue #34: only the dealer's side is copied; the first shopper's $4,000 down is not, the new
  // customer starts from the default 10% down, as on a new quote.
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$3,361.00");
  await expect(dealer.page.getByTestId("customer-line")).toHaveCount(0);
  await expect(await showHistory(dealer.page)).not.toContainText(/renewed/);
});

test("dealer mode without a session goes to /login and comes back to the quote after signing in", async ({
  page,
  request,
}) => {
  const setup = await setUpQuote(request);
  await page.goto(`/quote/${setup.quoteId}?view=dealer`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email").fill(setup.account.email);
  await page.getByLabel("Password", { exact: true }).fill(setup.account.password);
  await page.getByRole("button", { name: "Log In" }).click();
  await expect(page).toHaveURL(new RegExp(`/quote/${setup.quoteId}\\?view=dealer$`));
  await expectConnected(page);
  await expect(page.getByTestId("dealer-toolbar")).toBeVisible();
});

test("a quote that does not exist, or is another dealer's, shows a clear not-found state with a way back", async ({
  page,
  request,
}) => {
  await page.goto("/quote/AAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("heading", { name: "Quote not found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");

  const setup = await setUpQuote(request);
  const other = await registerDealerViaApi(request);
  await signInAs(page, other);
  await page.goto(`/quote/${setup.quoteId}?view=dealer`);
  await expect(page.getByRole("heading", { name: "Quote not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the page title, vehicle line and dealer website link follow the vehicle", async ({
  request,
  pages,
}) => {
  const setup = await setUpQuote(
    request,
    {},
    { vehicle: { description: "2021 Mazda CX-5", mileage: 23456, color: "", advertisedUrl: "" } },
  );
  const { context, page } = await pages.shopper(setup);
  await expect(page).toHaveTitle("2021 Mazda CX-5 quote · Example Motors");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2021 Mazda CX-5");
  await expect(page.getByTestId("vehicle-line")).toHaveText("Used | 23,456 miles | Stock# A1234");
  await expect(page.getByRole("link", { name: /View on dealer website/ })).toHaveCount(0);
  await context.close();

  const dealer = await pages.dealer(await setUpQuote(request));
  await expect(dealer.page.getByTestId("vehicle-line")).toHaveText("New | 12 miles | Blue | Stock# A1234");
  const link = dealer.page.getByRole("link", { name: /View on dealer website/ });
  await expect(link).toHaveAttribute("href", "https://dealer.example.com/accord");
  await expect(link).toHaveAttribute("target", "_blank");
});

test("a dealer whose session is revoked while the quote is open is sent to sign in again", async ({
  request,
  pages,
}) => {
  const setup = await setUpQuote(request);
  const { page } = await pages.dealer(setup);
  // Changing the password revokes older tokens; the server closes the dealer's live connection.
  const res = await request.put("/api/auth/password", {
    data: { currentPassword: setup.account.password, newPassword: "a brand new passphrase" },
    headers: authHeaders(setup.account),
  });
  expect(res.ok()).toBe(true);
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBeNull();
});

test("the page says 'Loading...' until the quote arrives, and offers Try Again when loading fails", async ({
  page,
  request,
}) => {
  const setup = await setUpQuote(request);
  let failNext = true;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/quotes/${setup.quoteId}`, async (route) => {
    if (failNext) {
      failNext = false;
      await held;
      await route.fulfill({ status: 500, contentType: "application/json", body: "{}" });
    } else {
      await route.continue();
    }
  });
  // A fresh load of the link arrives rendered by the server (quote-snapshot.spec.ts); the app
  // loads the quote itself when the page is reached inside it, as here (from the sign-in page: the
  // landing page is a page of its own, without the app's router).
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.evaluate((id) => {
    window.history.pushState({}, "", `/quote/${id}`);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, setup.quoteId);
  await expect(page.getByText("Loading...")).toBeVisible();
  release();
  await expect(
    page.getByText("The quote could not be loaded. Check your connection and try again."),
  ).toBeVisible();
  await page.getByRole("button", { name: "Try Again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("2024 Honda Accord EX-L");
  await expectConnected(page);
});
