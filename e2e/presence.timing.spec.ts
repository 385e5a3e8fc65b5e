import { expect } from "./fixtures";
import { openLine, quoteTest as test } from "./quote-setup";

// Issue #9's time bounds on arrival, measured in the timing project (playwright.config.ts): one
// worker after the rest of the suite, so no second browser shares the 2 cores with the measured
// pages. The shopper's page opens (goto waits for its load event); the dealer's page then shows
// "Shopper is viewing" within 2 s. The rest of presence is in presence.spec.ts.
//
// The quote of setUpQuote without defaults: selling 32,000 - 1,500 = 30,500, nothing else.

test.use({ quoteDefaults: {} });

const presence = (page: import("@playwright/test").Page) => page.getByTestId("presence");

test("the dealer sees the shopper arrive within 2 s and what the shopper works on; it goes within 5 s of the page closing", async ({
  quote,
  pages,
}) => {
  const dealer = await pages.dealer(quote);
  await expect(presence(dealer.page)).toHaveText("");

  const shopperContext = await pages.context();
  const shopperPage = await shopperContext.newPage();
  const shopperRequests: string[] = [];
  shopperPage.on("request", (r) => shopperRequests.push(r.url()));
  await shopperPage.goto(`/quote/${quote.quoteId}`);
  await expect(presence(dealer.page)).toHaveText("Shopper is viewing", { timeout: 2_000 });
  await expect(presence(shopperPage)).toHaveText("Your sales consultant is here", { timeout: 2_000 });

  await openLine(shopperPage, "down-payment");
  await expect(presence(dealer.page)).toHaveText("Shopper is viewing: changing the downpayment", {
    timeout: 2_000,
  });
  await shopperPage.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(presence(dealer.page)).toHaveText("Shopper is viewing", { timeout: 2_000 });
  await openLine(shopperPage, "trade-in");
  await expect(presence(dealer.page)).toHaveText("Shopper is viewing: editing the trade-in", {
    timeout: 2_000,
  });

  // Privacy: the shopper's page never asked for the history or loaded the panel's code. (The live
  // channel's small decoder of pushed history entries is shared code; the server pushes to dealers only.)
  expect(
    shopperRequests.filter((url) => url.includes("history") && !url.includes("/assets/history-push-")),
  ).toEqual([]);

  await shopperPage.close();
  await expect(presence(dealer.page)).toHaveText("", { timeout: 5_000 });
});
