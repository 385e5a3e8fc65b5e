// Issue #11, Major 1 and 8: offline, nothing blanks and nothing is dropped without a word.

import { expect } from "./fixtures";
import {
  editAmount,
  expectConnected,
  goOffline,
  lineValue,
  openLine,
  quoteTest as test,
  waitForEditCode,
  waitForEditCodeReady,
} from "./quote-setup";

const PHONE = { width: 390, height: 844 };
const DIALOG_CHUNK = "**/assets/quote-dialog-host-*.js";

// On Debian's Chromium 150 the dialog did not reopen after the chunk's failed offline fetch (the
// test was marked fixme then); it passes on 156, Debian's current package, which CI installs.
test("at 390x844, a dialog whose code cannot load offline says so and the deal stays on the page; it opens once back online", async ({
  quote,
  pages,
}) => {
  // Without the shopper page's service worker (issue #36), whose precache would serve the chunk
  // that this test keeps from arriving.
  const context = await pages.context({ viewport: PHONE, serviceWorkers: "block" });
  // The dialog's chunk never arrived (the phone went offline before the page was idle).
  await context.route(DIALOG_CHUNK, (route) => route.abort("internetdisconnected"));
  const page = await context.newPage();
  await page.goto(`/quote/${quote.quoteId}`);
  await expectConnected(page);
  await goOffline({ context, page });

  await openLine(page, "trade-in");
  const notice = page.getByRole("dialog", { name: "Not available offline" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("You're offline — this opens when you're back online");
  await expect(lineValue(page, "out-the-door")).toHaveText("$30,246.80");
  await expect(page.getByTestId("summary-out-the-door")).toBeVisible();

  await context.unroute(DIALOG_CHUNK);
  await context.setOffline(false);
  await expect(page.getByRole("dialog", { name: "Trade-in value" })).toBeVisible({ timeout: 10_000 });
  await expect(notice).toBeHidden();
});

test("the shopper's dialogs are fetched once the page is idle, without a touch, so they open offline", async ({
  quote,
  pages,
}) => {
  const { context, page } = await pages.shopper(quote, PHONE);
  // No touch, scroll or key press: idle time alone fetches it.
  await waitForEditCodeReady(page);
  await goOffline({ context, page });
  await openLine(page, "down-payment");
  await expect(page.getByRole("dialog", { name: "Downpayment" })).toBeVisible();
});

test("at 390x844 an offline shopper sees a clear banner, gone once reconnected", async ({ quote, pages }) => {
  const shopper = await pages.shopper(quote, PHONE);
  const banner = shopper.page.getByTestId("offline-notice");
  await expect(banner).toHaveCount(0);
  // Issue #36: once the page has synced with the server (the time it keeps for the banner)...
  await shopper.page.waitForFunction(
    (id) => localStorage.getItem(`dealdesk:synced:shopper:${id}`) !== null,
    quote.quoteId,
  );
  await goOffline(shopper);
  // ... the banner says as of when.
  await expect(banner).toHaveText(
    /^Offline: showing the deal as of (1[0-2]|[1-9]):[0-5]\d (AM|PM); your changes are kept on this phone$/,
  );
  await shopper.context.setOffline(false);
  await expectConnected(shopper.page);
  await expect(banner).toHaveCount(0);
});

// Issue #36: the server keeps the newer value of a key and tells the stale editor (decision 016).
test("at 390x844 the shopper's offline $7,000 loses to the dealer's later $3,000: both pages show $3,000 and the shopper is told, once", async ({
  deal,
  pages,
}) => {
  const { dealer } = deal;
  const shopper = await pages.shopper(deal, PHONE);
  await waitForEditCode(shopper.page);
  await goOffline(shopper);
  await editAmount(shopper.page, "down-payment", "7000");
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$7,000.00");
  await editAmount(dealer.page, "down-payment", "3000");
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$3,000.00");
  await shopper.context.setOffline(false);
  await expectConnected(shopper.page);
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$3,000.00");
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$3,000.00");
  const notice = shopper.page.getByTestId("offline-conflict");
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText(
    "While you were offline, the dealer changed Down payment to $3,000.00. Your $7,000.00 was not applied.",
  );
  await expect(dealer.page.getByTestId("offline-conflict")).toHaveCount(0);
  await notice.getByRole("button", { name: "OK" }).click();
  await expect(notice).toHaveCount(0);
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$3,000.00");
});

test("the dealer's offline $3,000 loses to the shopper's later $7,000; the dealer is told and 'Use mine' makes it $3,000 for both", async ({
  deal,
  pages,
}) => {
  const { dealer } = deal;
  const shopper = await pages.shopper(deal, PHONE);
  await waitForEditCode(shopper.page);
  await goOffline(dealer);
  await editAmount(dealer.page, "down-payment", "3000");
  await editAmount(shopper.page, "down-payment", "7000");
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$7,000.00");
  await dealer.context.setOffline(false);
  await expectConnected(dealer.page);
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$7,000.00");
  const notice = dealer.page.getByTestId("offline-conflict");
  await expect(notice).toContainText(
    "While you were offline, the shopper changed Down payment to $7,000.00. Your $3,000.00 was not applied.",
  );
  await expect(shopper.page.getByTestId("offline-conflict")).toHaveCount(0);
  await notice.getByRole("button", { name: "Use mine" }).click();
  await expect(notice).toHaveCount(0);
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$3,000.00");
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$3,000.00");
});
