import { expect } from "./fixtures";
import {
  editAmount,
  expectConnected,
  expectLines,
  goOffline,
  lineValue,
  openLine,
  quoteTest as test,
  waitForEditCode,
} from "./quote-setup";

// The quote of setUpQuote with WORKED_DEFAULTS and nothing changed yet:
//   selling 30,500 + fees 649 = taxable 31,149.00; taxes 1,946.81 + 311.49 = 2,258.30; title 200.50
//   total balance 33,607.80; default downpayment (written by the server) -round(3,360.78) = -3,361.00
//   out the door 33,607.80 - 3,361 = 30,246.80

const LIVE = { timeout: 2_000 };

test("the dealer's discount reaches the shopper within 2 s, and the shopper's downpayment and tier reach the dealer", async ({
  deal: { dealer, shopper },
}) => {
  await expect(lineValue(shopper.page, "out-the-door")).toHaveText("$30,246.80");
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$3,361.00");

  // Discount 1,500 -> 2,500: selling 29,500, taxable 30,149, taxes 1,884.31 + 301.49 = 2,185.80,
  // total 32,535.30, out the door 32,535.30 - 3,361 = 29,174.30.
  await editAmount(dealer.page, "discount", "2500");
  await expect(lineValue(shopper.page, "discount")).toHaveText("-$2,500.00", LIVE);
  await expect(lineValue(shopper.page, "out-the-door")).toHaveText("$29,174.30", LIVE);

  // Shopper: downpayment 5,000 -> out the door 27,535.30; tier Excellent.
  await editAmount(shopper.page, "down-payment", "5000");
  await shopper.page.getByLabel("Credit tier").selectOption("excellent");
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$5,000.00", LIVE);
  await expect(lineValue(dealer.page, "out-the-door")).toHaveText("$27,535.30", LIVE);
  await expect(dealer.page.getByLabel("Credit tier")).toHaveValue("excellent", LIVE);
  await expect(dealer.page.getByTestId("payments-table").locator("tr[data-selected]")).toContainText(
    "Excellent",
  );
});

test("a remote edit updates the page without closing or resetting the dialog the user is typing in", async ({
  deal: { dealer, shopper },
}) => {
  await openLine(shopper.page, "down-payment");
  const dialog = shopper.page.getByRole("dialog", { name: "Downpayment" });
  await dialog.getByLabel("Amount").fill("4,2");

  await editAmount(dealer.page, "down-payment", "1000");
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$1,000.00", LIVE);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Amount")).toHaveValue("42");
  await dialog.getByLabel("Amount").press("End");
  await dialog.getByLabel("Amount").pressSequentially("00");
  await dialog.getByLabel("Amount").press("Enter");
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$4,200.00", LIVE);
});

test("offline edits on both sides merge when the shopper comes back, and survive reloading both pages", async ({
  deal: { dealer, shopper },
}) => {
  await waitForEditCode(shopper.page);

  await goOffline(shopper);

  // While cut off: the shopper lowers the downpayment, the dealer raises the discount.
  await editAmount(shopper.page, "down-payment", "6000");
  await expect(lineValue(shopper.page, "down-payment")).toHaveText("-$6,000.00");
  await editAmount(dealer.page, "discount", "2500");
  await expect(lineValue(shopper.page, "discount")).toHaveText("-$1,500.00");

  await shopper.context.setOffline(false);
  await expectConnected(shopper.page);
  // Discount 2,500 (total balance 32,535.30, see above) and downpayment 6,000: 26,535.30.
  const merged = { discount: "-$2,500.00", "down-payment": "-$6,000.00", "out-the-door": "$26,535.30" };
  for (const page of [dealer.page, shopper.page]) await expectLines(page, merged);

  for (const page of [dealer.page, shopper.page]) {
    await page.reload();
    await expectConnected(page);
    await expectLines(page, merged);
  }
});

test("an offline shopper's edit is kept on the phone and sent when the connection returns", async ({
  quote,
  pages,
}) => {
  const shopper = await pages.shopper(quote);
  await waitForEditCode(shopper.page);
  await goOffline(shopper);
  await shopper.page.getByLabel("Credit tier").selectOption("fair");
  // Let y-indexeddb write the change before the page goes away.
  await shopper.page.waitForTimeout(300);
  await shopper.context.setOffline(false);
  await shopper.page.reload();
  await expectConnected(shopper.page);
  await expect(shopper.page.getByLabel("Credit tier")).toHaveValue("fair");

  const dealer = await pages.dealer(quote);
  await expect(dealer.page.getByLabel("Credit tier")).toHaveValue("fair");
});
