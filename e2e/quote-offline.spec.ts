// Issue #11, Major 1 and 8: offline, nothing blanks and nothing is dropped without a word.

import { expect } from "./fixtures";
import { expectConnected, goOffline, lineValue, openLine, quoteTest as test } from "./quote-setup";

const PHONE = { width: 390, height: 844 };
const DIALOG_CHUNK = "**/assets/quote-dialog-host-*.js";

test("at 390x844, a dialog whose code cannot load offline says so and the deal stays on the page; it opens once back online", async ({
  quote,
  pages,
}) => {
  const context = await pages.context({ viewport: PHONE });
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
  await page.waitForFunction(() =>
    performance.getEntriesByType("resource").some((entry) => entry.name.includes("/quote-dialog-host-")),
  );
  await goOffline({ context, page });
  await openLine(page, "down-payment");
  await expect(page.getByRole("dialog", { name: "Downpayment" })).toBeVisible();
});

test("at 390x844 an offline shopper sees a clear banner, gone once reconnected", async ({ quote, pages }) => {
  const shopper = await pages.shopper(quote, PHONE);
  const banner = shopper.page.getByTestId("offline-notice");
  await expect(banner).toHaveCount(0);
  await goOffline(shopper);
  await expect(banner).toHaveText(
    "Offline — your changes are saved on this phone and will sync when you reconnect",
  );
  await shopper.context.setOffline(false);
  await expectConnected(shopper.page);
  await expect(banner).toHaveCount(0);
});
