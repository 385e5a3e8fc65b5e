import { expect } from "./fixtures";
import { editAmount, lineValue, openLine, quoteTest as test } from "./quote-setup";

// The worked example, every figure computed by hand from WORKED_DEFAULTS and the quote:
//   advertised 32,000.00, discount 1,500.00
//   add-ons: Paint Protection retail 1,200.00 sold at 900.00; Floor Mats 250.00 (both selected)
//   dealer fees: Doc 499.00 + Prep 150.00 = 649.00
//   taxes: State 6.25 %, County 1 %; government fees: Title 75.00 + Registration 125.50 = 200.50
//   trade-in valued 8,000.00 with 3,500.00 owed; downpayment 2,000.00 (stored -2,000.00)
//
//  1 Advertised price        32,000.00
//  2 Discount                -1,500.00
//  3 Selling price           30,500.00  = 32,000 - 1,500
//  4 Add-ons (2 selected)     1,150.00  = 900 + 250
//  5 Trade-in value          -8,000.00
//  6 Fees                       649.00
//  7 Taxable amount          24,299.00  = 30,500 + 1,150 + 649 - 8,000
//  8 Taxes                    1,761.68  = 1,518.69 (24,299 x 6.25 % = 1,518.6875) + 242.99 (x 1 %)
//  9 Title and Registration     200.50
// 10 Total balance           26,261.18  = 24,299 + 1,761.68 + 200.50
// 11 Downpayment             -2,000.00
// 12 Amount owed on trade-in  3,500.00
// 13 Out of the door price   27,761.18  = 26,261.18 - 2,000 + 3,500
//
// Payments on A = 27,761.18, P = A r / (1 - (1 + r)^-n), r = APR / 12, rounded to the nearest cent,
// half away from zero (shared/deal/pricing.ts, docs/decisions/003):
//   Good, 60 months, 8.5 %:       r = 0.0070833; (1 + r)^-60 = 0.654750; P = 196.6417 / 0.345250 = 569.5631 -> 569.56
//   Good, 24 months, 6 %:         r = 0.005;     (1 + r)^-24 = 0.887186; P = 138.8059 / 0.112814 = 1,230.3924 -> 1,230.39
//   Excellent, 84 months, 10 %:   r = 0.0083333; (1 + r)^-84 = 0.498028; P = 231.3432 / 0.501972 = 460.8685 -> 460.87

test("the worked example shows every line and payment exactly as computed by hand, for dealer and shopper", async ({
  deal: { dealer, shopper },
}) => {
  const page = dealer.page;

  // Add-ons: select both, Paint Protection at a custom selling price.
  await openLine(page, "add-ons");
  const addOns = page.getByRole("dialog", { name: "Add-ons & Accessories" });
  await addOns.getByRole("checkbox", { name: "Paint Protection" }).check();
  await addOns.getByRole("checkbox", { name: "Floor Mats" }).check();
  await addOns.getByLabel("Selling price for Paint Protection").fill("900");
  await addOns.getByRole("button", { name: "Save" }).click();
  await expect(addOns).toBeHidden();

  // Trade-in with a value and an amount owed.
  await openLine(page, "trade-in");
  const tradeIn = page.getByRole("dialog", { name: "Trade-in value" });
  await tradeIn.getByLabel("Shopper has a trade-in vehicle").check();
  await tradeIn.getByLabel("Vehicle description").fill("2016 Toyota Camry SE");
  await tradeIn.getByLabel("Mileage").fill("85000");
  await tradeIn.getByLabel("Estimated value").fill("8000");
  await tradeIn.getByLabel("Amount owed").fill("3500");
  await tradeIn.getByRole("button", { name: "Save" }).click();
  await expect(tradeIn).toBeHidden();

  await editAmount(page, "down-payment", "2000");

  for (const p of [page, shopper.page]) {
    await expect(lineValue(p, "advertised-price")).toHaveText("$32,000.00");
    await expect(lineValue(p, "discount")).toHaveText("-$1,500.00");
    await expect(lineValue(p, "selling-price")).toHaveText("$30,500.00");
    await expect(lineValue(p, "add-ons")).toHaveText("$1,150.00");
    await expect(p.getByTestId("line-add-ons-note")).toHaveText("(2 selected)");
    await expect(lineValue(p, "trade-in")).toHaveText("-$8,000.00");
    await expect(p.getByTestId("line-trade-in-sublabel")).toHaveText("2016 Toyota Camry SE · 85,000 miles");
    await expect(lineValue(p, "fees")).toHaveText("$649.00");
    await expect(lineValue(p, "taxable-amount")).toHaveText("$24,299.00");
    await expect(lineValue(p, "taxes")).toHaveText("$1,761.68");
    await expect(lineValue(p, "title-registration")).toHaveText("$200.50");
    await expect(lineValue(p, "total-balance")).toHaveText("$26,261.18");
    await expect(lineValue(p, "down-payment")).toHaveText("-$2,000.00");
    await expect(lineValue(p, "amount-owed")).toHaveText("$3,500.00");
    await expect(lineValue(p, "out-the-door")).toHaveText("$27,761.18");
    await expect(p.getByTestId("payment-good-60")).toContainText("$569.56");
    await expect(p.getByTestId("payment-good-24")).toContainText("$1,230.39");
    await expect(p.getByTestId("payment-excellent-84")).toContainText("$460.87");
  }

  // The expandable details: the struck-through retail price and each tax with its rate.
  await page.getByRole("button", { name: "Show Add-ons & Accessories details" }).click();
  await expect(page.getByTestId("line-add-ons").locator("s")).toHaveText("$1,200.00");
  await page.getByRole("button", { name: "Show Taxes details" }).click();
  await expect(page.getByTestId("line-taxes")).toContainText("State Tax (6.25%)");
  await expect(page.getByTestId("line-taxes")).toContainText("$1,518.69");
  await expect(page.getByTestId("line-taxes")).toContainText("County Tax (1%)");
  await expect(page.getByTestId("line-taxes")).toContainText("$242.99");

  // The breakdown dialogs and their totals.
  await openLine(shopper.page, "title-registration");
  const gov = shopper.page.getByRole("dialog", { name: "Title and Registration" });
  await expect(gov).toContainText("Title Fee");
  await expect(gov).toContainText("TOTAL GOVERNMENT FEES");
  await expect(gov.getByTestId("breakdown-total")).toHaveText("$200.50");
  await gov.getByRole("button", { name: "Close" }).last().click();
  await expect(gov).toBeHidden();
  await openLine(shopper.page, "fees");
  await expect(shopper.page.getByRole("dialog", { name: "Fees" })).toContainText("TOTAL DEALER FEES");
  await expect(shopper.page.getByRole("dialog", { name: "Fees" }).getByTestId("breakdown-total")).toHaveText(
    "$649.00",
  );
  await shopper.page.keyboard.press("Escape");
  await openLine(shopper.page, "taxes");
  await expect(shopper.page.getByRole("dialog", { name: "Taxes" })).toContainText("TOTAL TAXES");
  await expect(shopper.page.getByRole("dialog", { name: "Taxes" }).getByTestId("breakdown-total")).toHaveText(
    "$1,761.68",
  );
});
