// Issue #11, Major 4 and 5: on a 390 x 844 phone the shopper's first screen leads with the deal
// and names the dealership; the presence band takes no space while nobody else is there.

import type { Locator, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations } from "./fixtures";
import { quoteTest as test } from "./quote-setup";

const PHONE = { width: 390, height: 844 };

/** The element's bottom edge, in page pixels, once the page is scrolled to the top. */
async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not rendered");
  return box.y + box.height;
}

async function expectAboveTheFold(page: Page, testIds: string[]) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const id of testIds) {
    const locator = page.getByTestId(id);
    await expect(locator).toBeVisible();
    expect(await bottomOf(locator), `${id} ends inside the first 844 px`).toBeLessThanOrEqual(PHONE.height);
  }
}

test.beforeEach(async ({ quote, request }) => {
  const res = await request.put("/api/auth/profile", {
    headers: { Authorization: `Bearer ${quote.account.token}` },
    data: {
      dealershipName: "Example Motors",
      streetAddress: "100 Harbor Blvd",
      city: "Springfield",
      state: "IL",
      zipCode: "62701",
      phoneNumber: "5558675309",
    },
  });
  expect(res.ok()).toBe(true);
});

test("at 390x844 the shopper's first screen shows the vehicle, the selected structure, what they can change, the dealership and the connection", async ({
  quote,
  pages,
}) => {
  const { page } = await pages.shopper(quote, PHONE);
  await expectAboveTheFold(page, [
    "vehicle-line",
    "summary-out-the-door",
    "summary-after-down",
    "summary-from-monthly",
    // Issue #34: what the shopper can change, before the breakdown.
    "option-trade-in",
    "option-down-payment",
    "option-credit-tier",
    "dealership-name",
    "dealership-phone",
    "connection-status",
  ]);
  const outTheDoor = await page.getByTestId("line-out-the-door-value").textContent();
  await expect(page.getByTestId("summary-out-the-door")).toHaveText(outTheDoor ?? "");
  // Issue #34: the out-the-door figure says what it is after.
  const down = ((await page.getByTestId("line-down-payment-value").textContent()) ?? "").replace("-", "");
  await expect(page.getByTestId("summary-after-down")).toHaveText(`after ${down} down`);
  await expect(page.getByTestId("option-down-payment")).toContainText(down);
  await expect(page.getByTestId("option-trade-in")).toContainText("None");
  // The dealer's default structure: finance at Good over the longest term shown (72 months).
  const payment72 = (await page.getByTestId("payment-phone-72").textContent()) ?? "";
  const monthly = await page.getByTestId("summary-from-monthly").textContent();
  expect(monthly).toMatch(/^\$[\d,]+\.\d{2}\/mo$/);
  expect(payment72).toContain((monthly ?? "").replace("/mo", ""));
  await expect(page.getByTestId("summary-from-detail")).toHaveText(
    `Finance, 72 months, ${down} down, ${monthly} (Good credit, 9% APR)`,
  );
  // The connection in plain words.
  await expect(page.getByTestId("connection-status")).toHaveText("Live");
  // The breakdown comes after what they can change.
  const options = await bottomOf(page.getByTestId("shopper-options"));
  const breakdown = (await page.getByTestId("price-lines").boundingBox())?.y ?? 0;
  expect(options).toBeLessThanOrEqual(breakdown);
  await expect(page.getByTestId("dealership-phone")).toHaveAttribute("href", "tel:+15558675309");
  await expect(page.getByTestId("dealership-phone")).toHaveText("(555) 867-5309");
  // Nobody else is here yet: the presence band takes no space.
  expect((await page.getByTestId("presence").boundingBox())?.height ?? 0).toBe(0);
  await expectNoSeriousA11yViolations(page);
});

test("the shopper page names the dealership and consultant, asks nobody to sign in, and titles the tab with both", async ({
  quote,
  pages,
}) => {
  const { page } = await pages.shopper(quote, PHONE);
  await expect(page.getByTestId("dealership-name")).toHaveText("Example Motors");
  await expect(page.getByTestId("dealership-address")).toHaveText("100 Harbor Blvd, Springfield, IL 62701");
  await expect(page.getByTestId("dealership-consultant")).toHaveText("Your sales consultant: Dana Whitfield");
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(0);
  await expect(page).toHaveTitle("2024 Honda Accord EX-L quote · Example Motors");
});
