import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readMail } from "../server/mail/read-mail";
import { MSG, QUOTE_TEXT } from "../shared/messages";
import { STRUCTURES_TEXT } from "../shared/structure-messages";
import { E2E_DATA_DIR, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { expectConnected, lineValue, quoteTest as test } from "./quote-setup";

// Issue #19 end to end: the shopper accepts on a phone; the dealer sees it live within a second,
// and by mail; the deal is locked for both sides; the dealer reopens it and saves a counter-offer.

test("the shopper accepts on a phone; the dealer sees it live and by mail; the deal locks, then reopens for a counter-offer", async ({
  quote,
  pages,
}) => {
  test.setTimeout(60_000);
  const dealer = await pages.dealer(quote);
  const shopper = await pages.shopper(quote, { width: 390, height: 844 });

  await shopper.page.getByTestId("want-this-deal").click();
  const dialog = shopper.page.getByRole("dialog", { name: STRUCTURES_TEXT.acceptTitle });
  await expect(dialog.getByTestId("accept-choice")).toHaveText(`${STRUCTURES_TEXT.yourStructure}: Cash`);
  await dialog.getByLabel(STRUCTURES_TEXT.yourName).fill("Pat Shopper");
  await dialog.getByLabel(STRUCTURES_TEXT.yourPhone).fill("(555) 123-4567");
  await dialog.getByLabel(STRUCTURES_TEXT.yourEmail).fill("pat@example.com");
  await expectNoSeriousA11yViolations(shopper.page);
  await dialog.getByRole("button", { name: STRUCTURES_TEXT.acceptSubmit }).click();
  const acceptedAt = Date.now();
  await expect(shopper.page.getByTestId("deal-accepted")).toHaveText(QUOTE_TEXT.youAccepted(1));

  // The dealer's page says so within a second, and the history names the version.
  await expect(dealer.page.getByTestId("deal-accepted")).toContainText(STRUCTURES_TEXT.customerAccepted(1), {
    timeout: 1_000,
  });
  expect(Date.now() - acceptedAt).toBeLessThan(1_500);
  await expect(dealer.page.getByTestId("history-panel").getByTestId("history-event").first()).toContainText(
    /Shopper accepted version 1 \(Cash, \$[\d,]+\.\d\d\) at \d{1,2}:\d\d [AP]M/,
  );
  // And by mail (the outbox: no SMTP_URL in the e2e run).
  await expect
    .poll(() =>
      readdirSync(path.join(E2E_DATA_DIR, "outbox"))
        .map((file) => readMail(readFileSync(path.join(E2E_DATA_DIR, "outbox", file), "utf8")))
        .some((mail) => mail.to.includes(quote.account.email) && mail.text.includes("Phone: 15551234567")),
    )
    .toBe(true);

  // Locked for both: nothing that changes the deal opens on either page.
  await expect(dealer.page.getByTestId("line-discount").getByRole("button")).toHaveCount(0);
  await expect(shopper.page.getByTestId("line-down-payment").getByRole("button")).toHaveCount(0);
  await expect(shopper.page.getByTestId("want-this-deal")).toHaveCount(0);
  await expectNoSeriousA11yViolations(dealer.page);

  // The dashboard marks the deal Accepted and filters on it.
  const dashboard = await dealer.context.newPage();
  await dashboard.goto("/dashboard");
  const row = dashboard.getByRole("row").filter({ hasText: "2024 Honda Accord EX-L" });
  await expect(row.getByTestId("quote-accepted")).toHaveText(MSG.accepted);
  await dashboard.getByTestId("accepted-filter").check();
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(dashboard);
  await dashboard.close();

  // The dealer reopens, changes the deal and saves a counter-offer: version 2.
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.reopenDeal }).click();
  await expect(shopper.page.getByTestId("deal-accepted")).toHaveCount(0, { timeout: 2_000 });
  await expect(shopper.page.getByTestId("want-this-deal")).toBeVisible();
  await dealer.page.getByTestId("line-discount").getByRole("button").first().click();
  const amount = dealer.page.getByRole("dialog").getByLabel("Amount");
  await amount.fill("2000");
  await amount.press("Enter");
  await expect(lineValue(shopper.page, "discount")).toHaveText("-$2,000.00");
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.versions }).click();
  const versions = dealer.page.getByRole("dialog", { name: STRUCTURES_TEXT.versionsTitle });
  await versions.getByRole("button", { name: STRUCTURES_TEXT.saveVersion }).click();
  await expect(versions.getByText(/^Saved version 2 \([0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\)$/)).toBeVisible();
  await expect(versions.getByTestId("version-row").first()).toContainText("Version 2 · Counter-offer");
  await expect(versions.getByTestId("version-row").nth(1)).toContainText(
    "Version 1 · Accepted by the customer",
  );
  await expectConnected(shopper.page);
});
