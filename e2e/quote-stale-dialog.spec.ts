// Issue #11, Major 2: a dialog opened before the other side changed a value never writes that
// stale value back; it shows the change and takes it unless the user touched the field.

import { expect } from "./fixtures";
import { editAmount, lineValue, openLine, saveTradeIn, quoteTest as test } from "./quote-setup";

const LIVE = { timeout: 3_000 };

test("an open downpayment dialog takes the customer's new amount, says so, and Save does not undo it", async ({
  deal: { dealer, shopper },
}) => {
  await openLine(dealer.page, "down-payment");
  const dialog = dealer.page.getByRole("dialog", { name: "Downpayment" });
  await expect(dialog.getByLabel("Amount")).toHaveValue("3,361.00");

  await editAmount(shopper.page, "down-payment", "5000");
  await expect(dialog.getByTestId("dialog-updated")).toHaveText("Updated by the customer just now", LIVE);
  await expect(dialog.getByLabel("Amount")).toHaveValue("5,000.00");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  for (const page of [dealer.page, shopper.page]) {
    await expect(lineValue(page, "down-payment")).toHaveText("-$5,000.00", LIVE);
  }
});

test("a field the user typed in keeps the user's value; Save writes only that field", async ({
  deal: { dealer, shopper },
}) => {
  await openLine(shopper.page, "trade-in");
  await saveTradeIn(shopper.page.getByRole("dialog", { name: "Trade-in value" }), {
    checkbox: "I have a car to trade in",
    description: "2015 Subaru Outback",
    mileage: "98000",
  });
  await expect(dealer.page.getByTestId("line-trade-in-sublabel")).toContainText("2015 Subaru Outback", LIVE);

  // The shopper opens the trade-in again and starts changing the description...
  await openLine(shopper.page, "trade-in");
  const mine = shopper.page.getByRole("dialog", { name: "Trade-in value" });
  await mine.getByLabel("Vehicle description").fill("2015 Subaru Outback Limited");

  // ...while the dealer corrects the mileage and the description.
  await openLine(dealer.page, "trade-in");
  const theirs = dealer.page.getByRole("dialog", { name: "Trade-in value" });
  await theirs.getByLabel("Mileage").fill("99500");
  await theirs.getByLabel("Vehicle description").fill("2015 Subaru Outback 2.5i");
  await theirs.getByRole("button", { name: "Save" }).click();
  await expect(theirs).toBeHidden();

  await expect(mine.getByTestId("dialog-updated")).toHaveText("Updated by the dealer just now", LIVE);
  await expect(mine.getByLabel("Mileage")).toHaveValue("99500");
  await expect(mine.getByLabel("Vehicle description")).toHaveValue("2015 Subaru Outback Limited");
  await mine.getByRole("button", { name: "Save" }).click();
  await expect(mine).toBeHidden();

  for (const page of [dealer.page, shopper.page]) {
    await expect(page.getByTestId("line-trade-in-sublabel")).toHaveText(
      "2015 Subaru Outback Limited · 99,500 miles",
      LIVE,
    );
  }
});
