import type { APIRequestContext, Page } from "@playwright/test";
import { QUOTE_TEXT, TEXT } from "../shared/text/page-text";
import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { expect } from "./fixtures";
import { openLine, type QuoteSetup, setUpQuote } from "./quote-setup";

// Issue #34: the walk-through's deal. A new $30,000 car (MSRP $30,000), no fees or taxes; the
// shopper's trade is worth $14,000 with $4,200 owed ($9,800 equity); the dealer offers a lease on
// the starter programme (residuals 24 mo 62%, 36 mo 56%, 48 mo 48%; $695 acquisition fee in the
// cap cost). At $4,000 down the 24-month lease's adjusted cap cost ($16,895) is below its
// residual ($18,600): not offered.

export async function setUpLeaseQuote(request: APIRequestContext): Promise<QuoteSetup> {
  return setUpQuote(
    request,
    {},
    {
      vehicle: {
        description: "2026 Honda Accord EX-L",
        color: "Blue",
        mileage: 8,
        stockNumber: "A1234",
        advertisedUrl: "",
        isNew: true,
        msrp: 30000,
      },
      pricing: { advertisedPrice: 30000, discount: 0 },
    },
  );
}

/** The dealer appraises the trade ($14,000, $4,200 owed) and offers the starter lease programme. */
export async function dealerOffersLease(page: Page) {
  await openLine(page, "trade-in");
  const tradeIn = page.getByRole("dialog", { name: TEXT.tradeInValue });
  await tradeIn.getByLabel(TEXT.tradeInCheckboxDealer).check();
  await tradeIn.getByLabel(QUOTE_TEXT.tradeInFields.description).fill("2019 Toyota RAV4");
  await tradeIn.getByLabel(QUOTE_TEXT.tradeInFields.mileage).fill("41000");
  await tradeIn.getByLabel(QUOTE_TEXT.tradeInFields.value).fill("14000");
  await tradeIn.getByLabel(QUOTE_TEXT.tradeInFields.amountOwed).fill("4200");
  await tradeIn.getByRole("button", { name: "Save" }).click();
  await expect(tradeIn).toBeHidden();
  await page.getByRole("button", { name: STRUCTURES_TEXT.editPaymentOptions }).click();
  const options = page.getByRole("dialog", { name: STRUCTURES_TEXT.editPaymentOptions });
  await options.getByLabel(STRUCTURES_TEXT.offerLease).check();
  await options.getByRole("button", { name: "Save" }).click();
  await expect(options).toBeHidden();
}
