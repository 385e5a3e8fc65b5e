// Issue #11, Major 7: trade-in equity beyond the whole deal never shows a negative price.

import { DEAL_RULE_TEXT } from "../shared/text/deal-rule-text";
import { expect } from "./fixtures";
import { expectLines, lineValue, openLine, quoteTest as test } from "./quote-setup";

const PHONE = { width: 390, height: 844 };

test("at 390x844, trade-in equity beyond the deal: out-the-door $0.00, 'Due to customer' with the excess, payments $0.00", async ({
  quote,
  pages,
}) => {
  test.setTimeout(120_000);
  const dealer = await pages.dealer(quote);
  await openLine(dealer.page, "trade-in");
  const dialog = dealer.page.getByRole("dialog", { name: "Trade-in value" });
  await dialog.getByLabel("Shopper has a trade-in vehicle").check();
  await dialog.getByLabel("Vehicle description").fill("2022 Porsche 911");
  await dialog.getByLabel("Mileage").fill("8000");
  await dialog.getByLabel("Estimated value").fill("60000");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  const shopper = await pages.shopper(quote, PHONE);
  // Before the trade-in: 30,500 + 649 fees = 31,149; the trade-in of 60,000 leaves 28,851 over;
  // total balance is the 200.50 of title and registration: 200.50 - 28,851 = -28,650.50 -> out-the-
  // door 0.00, due to customer 28,650.50, the trade-in's excess only. Issue #34: the 3,361 down
  // payment standing from before is applied up to the balance due ($0.00), with a notice on both
  // sides, and never adds to what the dealership owes.
  for (const page of [dealer.page, shopper.page]) {
    await expectLines(page, {
      "down-payment": "$0.00",
      "out-the-door": "$0.00",
      "due-to-customer": "$28,650.50",
    });
    await expect(page.getByTestId("line-due-to-customer")).toContainText("Due to customer");
    await expect(page.getByTestId("summary-out-the-door")).toHaveText("$0.00");
    await expect(page.getByTestId("summary-due-to-customer")).toContainText("Due to customer: $28,650.50");
    // Issue #46: trade equity beyond the deal presents cash with what is due, never a $0.00/mo headline.
    await expect(page.getByTestId("summary-from-monthly")).toHaveCount(0);
    await expect(page.getByTestId("summary-from-detail")).toHaveText(
      "Cash, $0.00, $28,650.50 due to customer",
    );
    await expect(page.getByTestId("down-payment-capped")).toHaveText(
      DEAL_RULE_TEXT.downPaymentCapped("$3,361.00", "$0.00"),
    );
  }
  for (const term of [24, 36, 48, 60, 72, 84]) {
    await expect(shopper.page.getByTestId(`payment-phone-${term}`)).toContainText("$0.00");
  }
  await expect(lineValue(shopper.page, "out-the-door")).not.toContainText("-");
});
