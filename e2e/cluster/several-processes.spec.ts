import { expect } from "../fixtures";
import { editAmount, lineValue, quoteTest as test } from "../quote-setup";

// The live desk served by two processes on PostgreSQL + Redis behind a round-robin balancer
// (e2e/cluster/serve-cluster.ts, no sticky sessions): the dealer's page and the shopper's page
// talk to whichever process the balancer picks for each request and socket, and still work the
// deal together live, with presence.
//
// The quote of setUpQuote with WORKED_DEFAULTS (see quote-live.spec.ts): out the door 30,246.80,
// downpayment -3,361.00; discount 2,500 makes it 29,174.30; then downpayment 5,000 27,535.30.

const LIVE = { timeout: 2_500 };

test("the dealer and the shopper work one deal live and see each other, whichever process serves them", async ({
  deal: { dealer, shopper },
}) => {
  await expect(lineValue(shopper.page, "out-the-door")).toHaveText("$30,246.80");
  await expect(dealer.page.getByTestId("presence")).toHaveText("Shopper is viewing", LIVE);

  await editAmount(dealer.page, "discount", "2500");
  await expect(lineValue(shopper.page, "discount")).toHaveText("-$2,500.00", LIVE);
  await expect(lineValue(shopper.page, "out-the-door")).toHaveText("$29,174.30", LIVE);

  await editAmount(shopper.page, "down-payment", "5000");
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$5,000.00", LIVE);
  await expect(lineValue(dealer.page, "out-the-door")).toHaveText("$27,535.30", LIVE);

  // Reloaded, each page may land on the other process: the deal is the same everywhere.
  for (const page of [dealer.page, shopper.page]) {
    await page.reload();
    await expect(lineValue(page, "out-the-door")).toHaveText("$27,535.30");
  }
});
