import { DEAL_NOTICE_TEXT } from "../shared/text/deal-notice-messages";
import { expect, expectNoSeriousA11yViolations } from "./fixtures";
import { editAmount, lineValue, openLine, showHistory, quoteTest as test } from "./quote-setup";
import { signInAs } from "./support/api";

// Issue #9: presence on the quote page, the dashboard's live signals and the deal's history,
// with the dealer and the shopper in two browser contexts against the real server. The shopper's
// arrival within 2 s of opening the page is measured on its own in presence.timing.spec.ts.
//
// The quote of setUpQuote without defaults: selling 32,000 - 1,500 = 30,500, nothing else, so
// the server's default downpayment is -3,050.00.

test.use({ quoteDefaults: {} });

const presence = (page: import("@playwright/test").Page) => page.getByTestId("presence");

test("presence goes within 5 s of the shopper losing the network, and the shopper stops seeing the consultant", async ({
  deal: { dealer, shopper },
}) => {
  await expect(presence(dealer.page)).toHaveText("Shopper is viewing", { timeout: 2_000 });
  await expect(presence(shopper.page)).toHaveText("Your sales consultant is here", { timeout: 2_000 });

  await shopper.context.setOffline(true);
  await expect(presence(dealer.page)).toHaveText("", { timeout: 5_000 });
  await expect(presence(shopper.page)).toHaveText("", { timeout: 5_000 });
  await shopper.context.setOffline(false);
  await expect(presence(dealer.page)).toHaveText("Shopper is viewing", { timeout: 5_000 });

  await dealer.context.close();
  await expect(presence(shopper.page)).toHaveText("", { timeout: 5_000 });
});

test("the dashboard row shows a live dot while the shopper views, and the dealer is told once when the shopper opens the quote", async ({
  quote,
  pages,
}) => {
  const dashboard = await (await pages.context()).newPage();
  await signInAs(dashboard, quote.account);
  await dashboard.goto("/dashboard");
  const row = dashboard.getByRole("row", { name: /2024 Honda Accord EX-L/ });
  await expect(row).toBeVisible();
  const dot = row.getByRole("img", { name: "Shopper viewing" });
  await expect(dot).toHaveCount(0);

  const shopper = await pages.shopper(quote);
  await expect(dot).toBeVisible({ timeout: 5_000 });
  const notice = dashboard.getByText("2024 Honda Accord EX-L: your customer opened the quote");
  await expect(notice).toBeVisible();
  await expect(notice).toHaveCount(1);

  // A reload is the same visit: the dot stays, no second notice.
  await shopper.page.reload();
  await dashboard.waitForTimeout(3_500);
  await expect(dot).toBeVisible();
  await expect(notice).toHaveCount(1);

  await expectNoSeriousA11yViolations(dashboard);

  // On a phone the card carries the same dot.
  await dashboard.setViewportSize({ width: 390, height: 844 });
  const cardDot = dashboard.getByTestId("quote-card").getByRole("img", { name: "Shopper viewing" });
  await expect(cardDot).toBeVisible();

  await shopper.context.close();
  await expect(cardDot).toHaveCount(0, { timeout: 6_000 });
});

test("typing 3000 in the shopper's downpayment dialog is one history event, shown to the dealer with the dealer's own change", async ({
  deal: { dealer, shopper },
}) => {
  const panel = await showHistory(dealer.page);
  await expect(panel.getByRole("heading", { name: "History" })).toBeVisible();
  // The shopper's visit is the first event (issue #40); no change of the deal yet.
  const events = panel.getByTestId("history-event");
  await expect(events).toHaveCount(1, { timeout: 4_000 });
  await expect(events.first()).toContainText("Shopper opened the quote");

  await openLine(shopper.page, "down-payment");
  const input = shopper.page.getByRole("dialog", { name: "Downpayment" }).getByLabel("Amount");
  await input.clear();
  await input.pressSequentially("3000");
  await input.press("Enter");
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$3,000.00", { timeout: 2_000 });

  await expect(events).toHaveCount(2, { timeout: 4_000 });
  await expect(events.first()).toContainText("Shopper changed Downpayment from $3,050.00 to $3,000.00");
  await expect(events.first().locator("time")).toHaveText("just now");

  await editAmount(dealer.page, "discount", "2000");
  // Editing took the dealer up to the discount line; back at the history, it is read again.
  await showHistory(dealer.page);
  await expect(events).toHaveCount(3, { timeout: 4_000 });
  await expect(events.first()).toContainText("You changed Discount from -$1,500.00 to -$2,000.00");
  await expect(events.nth(1)).toContainText("Shopper changed Downpayment");

  // The shopper's page has no history at all.
  await expect(shopper.page.getByTestId("history-panel")).toHaveCount(0);
  await expectNoSeriousA11yViolations(dealer.page);
});

test("a signed-in dealer opening the shopper's link sees a dealer preview banner, and is never 'customer looking'", async ({
  quote,
  pages,
}) => {
  const dealerContext = await pages.context();
  const dashboard = await dealerContext.newPage();
  await signInAs(dashboard, quote.account);
  await dashboard.goto("/dashboard");
  const row = dashboard.getByRole("row", { name: /2024 Honda Accord EX-L/ });
  await expect(row).toBeVisible();

  // The same browser, signed in, opens the plain link: a preview, connected as the dealer.
  const preview = await dealerContext.newPage();
  await preview.goto(`/quote/${quote.quoteId}`);
  await expect(preview.getByTestId("dealer-preview")).toContainText(DEAL_NOTICE_TEXT.dealerPreview);
  await expect(preview.getByTestId("connection-status")).toHaveText("Live", { timeout: 10_000 });
  await dashboard.waitForTimeout(4_000);
  await expect(row.getByRole("img", { name: "Shopper viewing" })).toHaveCount(0);
  await expect(dashboard.getByText(/your customer opened the quote/)).toHaveCount(0);
  await expectNoSeriousA11yViolations(preview);

  // A real shopper (no session) is still announced, and sees no preview banner.
  const shopper = await pages.shopper(quote);
  await expect(shopper.page.getByTestId("dealer-preview")).toHaveCount(0);
  await expect(row.getByRole("img", { name: "Shopper viewing" })).toBeVisible({ timeout: 5_000 });

  // The banner's link opens the dealer's working view.
  await preview.getByRole("link", { name: DEAL_NOTICE_TEXT.openAsDealer }).click();
  await expect(preview).toHaveURL(new RegExp(`/quote/${quote.quoteId}\\?view=dealer$`));
  await expect(preview.getByTestId("dealer-preview")).toHaveCount(0);
});
