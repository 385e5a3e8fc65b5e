import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { readMail } from "../server/test-support/read-mail";
import type { DealSheet } from "../shared/deal/deal-sheet";
import { DEAL_NOTICE_TEXT } from "../shared/text/deal-notice-messages";
import { MSG } from "../shared/text/messages";
import { SHEET_TEXT } from "../shared/text/sheet-messages";
import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { E2E_DATA_DIR, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { expectConnected, lineValue, showHistory, quoteTest as test } from "./quote-setup";

// Issue #19 end to end: the shopper accepts on a phone; the dealer sees it live within a second,
// and by mail; the deal is locked for both sides; the dealer reopens it and saves a counter-offer,
// version 4, which the shopper sees; its deal sheet's PDF holds the version's exact figures.

/** The text of a PDF, as pdftotext (poppler-utils) reads it; layout kept, so a row stays a line. */
function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dealdesk-pdf-")), "sheet.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

/** The sheet the page shows, as the server built it for this viewer. */
async function sheetJson(page: Page, url: string): Promise<DealSheet> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { sheet: DealSheet }).sheet;
}

/** Every figure of the sheet (amounts, grid cells, the stamp): what its PDF must hold as text. */
const sheetFigures = (sheet: DealSheet): string[] => [
  sheet.stamp.heading,
  sheet.stamp.fingerprint,
  sheet.vehicle.description,
  ...sheet.lines.map((line) => line.amount),
  // Issue #46: the deal's own down row is labelled "Your down payment: $X"; the PDF's narrow first
  // column wraps the words, so its figure is what the text must hold.
  ...sheet.tables
    .flatMap((table) => table.rows.flat())
    .map((cell) => cell.replace(/^Your down payment: /, "")),
  sheet.agreement.text,
];

test("the shopper accepts on a phone; the dealer sees it live and by mail; the deal locks, then reopens for a counter-offer", async ({
  quote,
  pages,
}) => {
  test.setTimeout(90_000);
  const dealer = await pages.dealer(quote);
  const shopper = await pages.shopper(quote, { width: 390, height: 844 });

  // The dealer enters the customer and saves two versions before the shopper decides.
  await dealer.page.getByRole("button", { name: "Share" }).click();
  const share = dealer.page.getByRole("dialog", { name: "Share Quote" });
  await share.getByLabel("Customer name").fill("Pat Shopper");
  await share.getByLabel("Email").fill("pat@example.com");
  await share.getByLabel("Phone").fill("5551234567");
  await share.getByRole("button", { name: "Save" }).click();
  await expect(share).toBeHidden();
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.versions }).click();
  const saving = dealer.page.getByRole("dialog", { name: STRUCTURES_TEXT.versionsTitle });
  for (const n of [1, 2]) {
    await saving.getByRole("button", { name: STRUCTURES_TEXT.saveVersion }).click();
    await expect(saving.getByText(new RegExp(`^Saved version ${n} \\(`))).toBeVisible();
  }
  await saving.getByRole("button", { name: "Close", exact: true }).last().click();

  // The dealer's dashboard is open in another tab while the shopper decides.
  const dashboard = await dealer.context.newPage();
  await dashboard.goto("/dashboard");
  await expect(dashboard.getByRole("row").filter({ hasText: "2024 Honda Accord EX-L" })).toBeVisible();

  // The shopper's form starts empty: a link holder never reads what the dealer entered (issue
  // #33). They type their own contact and send it: version 3.
  await shopper.page.getByTestId("want-this-deal").click();
  const dialog = shopper.page.getByRole("dialog", { name: STRUCTURES_TEXT.acceptTitle });
  // Issue #34: what is accepted is the one selected structure (here the dealer's default).
  await expect(dialog.getByTestId("accept-choice")).toHaveText(
    /^You are agreeing to: Finance, 72 months, \$[\d,]+\.\d\d down, \$[\d,]+\.\d\d\/mo \(Good credit, 9% APR\)$/,
  );
  await expect(dialog.getByLabel(STRUCTURES_TEXT.yourName)).toHaveValue("");
  await expect(dialog.getByLabel(STRUCTURES_TEXT.yourPhone)).toHaveValue("");
  await expect(dialog.getByLabel(STRUCTURES_TEXT.yourEmail)).toHaveValue("");
  await dialog.getByLabel(STRUCTURES_TEXT.yourName).fill("Pat Shopper");
  await dialog.getByLabel(STRUCTURES_TEXT.yourPhone).fill("(555) 765-4321");
  await dialog.getByLabel(STRUCTURES_TEXT.yourEmail).fill("pat@example.com");
  await expectNoSeriousA11yViolations(shopper.page);
  await dialog.getByRole("button", { name: STRUCTURES_TEXT.acceptSubmit }).click();
  const acceptedAt = Date.now();
  await expect(shopper.page.getByTestId("deal-accepted")).toContainText(DEAL_NOTICE_TEXT.youAccepted(3));
  const outTheDoorV3 = (await lineValue(shopper.page, "out-the-door").textContent()) ?? "";

  // The dealer's page says so within a second, and the history names the version.
  await expect(dealer.page.getByTestId("deal-accepted")).toContainText(STRUCTURES_TEXT.customerAccepted(3), {
    timeout: 1_000,
  });
  expect(Date.now() - acceptedAt).toBeLessThan(1_500);
  await expect((await showHistory(dealer.page)).getByTestId("history-event").first()).toContainText(
    /Shopper accepted version 3 \(Finance, 72 months, \$[\d,]+\.\d\d down, \$[\d,]+\.\d\d\/mo \(Good credit, 9% APR\)\) at \d{1,2}:\d\d [AP]M/,
  );
  // And by mail (the outbox: no SMTP_URL in the e2e run).
  await expect
    .poll(() =>
      readdirSync(path.join(E2E_DATA_DIR, "outbox"))
        .map((file) => readMail(readFileSync(path.join(E2E_DATA_DIR, "outbox", file), "utf8")))
        .some(
          (mail) => mail.to.includes(quote.account.email) && mail.text.includes("Phone: 1 (555) 765-4321"),
        ),
    )
    .toBe(true);

  // Locked for both: nothing that changes the deal opens on either page.
  await expect(dealer.page.getByTestId("line-discount").getByRole("button")).toHaveCount(0);
  await expect(shopper.page.getByTestId("line-down-payment").getByRole("button")).toHaveCount(0);
  await expect(shopper.page.getByTestId("want-this-deal")).toHaveCount(0);
  await expectNoSeriousA11yViolations(dealer.page);

  // The open dashboard announces it and marks the row Accepted without a reload, and filters on it.
  await expect(dashboard.getByText(/accepted version 3 of the deal$/)).toBeVisible({ timeout: 5_000 });
  const row = dashboard.getByRole("row").filter({ hasText: "2024 Honda Accord EX-L" });
  await expect(row.getByTestId("quote-accepted")).toHaveText(MSG.accepted);
  await dashboard.reload();
  await expect(row.getByTestId("quote-accepted")).toHaveText(MSG.accepted);
  await dashboard.getByTestId("accepted-filter").check();
  await expect(row).toBeVisible();
  await expectNoSeriousA11yViolations(dashboard);
  await dashboard.close();

  // The dealer reopens, changes the deal and saves a counter-offer: version 4.
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.reopenDeal }).click();
  // Issue #46: it asks first.
  await expect(dealer.page.getByTestId("reopen-confirm")).toContainText(STRUCTURES_TEXT.reopenConfirm(3));
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.reopenConfirmed }).click();
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
  await expect(versions.getByText(/^Saved version 4 \([0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}\)$/)).toBeVisible();
  await expect(versions.getByTestId("version-row").first()).toContainText("Version 4 · Counter-offer");
  await expect(versions.getByTestId("version-row").nth(1)).toContainText(
    "Version 3 · Accepted by the customer",
  );
  await expectConnected(shopper.page);

  // The shopper sees the counter-offer's number at once, and can accept it.
  await expect(shopper.page.getByTestId("counter-offer")).toContainText(DEAL_NOTICE_TEXT.counterOffer(4), {
    timeout: 2_000,
  });
  await expect(shopper.page.getByTestId("want-this-deal")).toBeVisible();
  const outTheDoor = (await lineValue(shopper.page, "out-the-door").textContent()) ?? "";
  expect(outTheDoor).toMatch(/^\$[\d,]+\.\d\d$/);

  // Its deal sheet on the phone: the version, its fingerprint and the page's figures.
  await shopper.page
    .getByTestId("counter-offer")
    .getByRole("link", { name: DEAL_NOTICE_TEXT.viewSheet })
    .click();
  await expect(shopper.page).toHaveURL(new RegExp(`/quote/${quote.quoteId}/versions/4/sheet$`));
  const sheetPage = shopper.page.getByTestId("deal-sheet");
  await expect(sheetPage.getByTestId("sheet-version")).toHaveText(SHEET_TEXT.versionHeading(4, "counter"));
  await expect(sheetPage.getByRole("row", { name: /Out of the door price/ })).toContainText(outTheDoor);
  await expect(sheetPage.getByRole("row", { name: /^Discount/ })).toContainText("-$2,000.00");
  await expect(shopper.page).toHaveTitle(`${SHEET_TEXT.pageTitle("2024 Honda Accord EX-L")} · DealDesk`);
  await expectNoSeriousA11yViolations(shopper.page);
  const fingerprint = (await sheetPage.getByTestId("sheet-fingerprint").textContent()) ?? "";
  expect(fingerprint).toMatch(/^[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/);

  // The PDF's text (pdftotext) holds the exact figures of version 4, and no customer contact.
  const shopperSheet = await sheetJson(shopper.page, `/api/quotes/${quote.quoteId}/versions/4/sheet`);
  expect(shopperSheet.stamp.fingerprint).toBe(fingerprint);
  const pdf = await shopper.page.request.get(`/quote/${quote.quoteId}/versions/4/sheet.pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(Buffer.from(await pdf.body()));
  for (const figure of sheetFigures(shopperSheet)) expect(text, figure).toContain(figure);
  expect(text).toContain(outTheDoor);
  expect(text).toContain("-$2,000.00");
  expect(text).not.toContain("pat@example.com");
  expect(text).not.toContain("Pat Shopper");

  // The accepted version's sheet on the link: who accepted by initials, no contact details.
  const acceptedSheet = await sheetJson(shopper.page, `/api/quotes/${quote.quoteId}/versions/3/sheet`);
  expect(acceptedSheet.acceptedBy?.lines[0]).toBe("P. S.");
  expect(JSON.stringify(acceptedSheet)).not.toContain("765-4321");
  expect(JSON.stringify(acceptedSheet)).not.toContain("pat@example.com");

  // The dealer's copy, downloaded from the sheet page, names the customer.
  const dealerSheet = await dealer.context.newPage();
  await dealerSheet.goto(`/quote/${quote.quoteId}/versions/3/sheet?view=dealer`);
  await expect(dealerSheet.getByTestId("sheet-version")).toHaveText(SHEET_TEXT.versionHeading(3, "accepted"));
  await expectNoSeriousA11yViolations(dealerSheet);
  // Printed (Chromium's own print of the page), a normal deal is one US Letter page.
  await dealerSheet.emulateMedia({ media: "print" });
  const printed = await dealerSheet.pdf({ format: "Letter" });
  expect(
    pdfText(printed)
      .split("\f")
      .filter((page) => page.trim()).length,
  ).toBe(1);
  expect(pdfText(printed)).toContain(outTheDoorV3);
  await dealerSheet.emulateMedia({ media: "screen" });
  const download = dealerSheet.waitForEvent("download");
  await dealerSheet.getByRole("button", { name: SHEET_TEXT.downloadPdf }).click();
  const file = await (await download).path();
  const dealerText = pdfText(readFileSync(file));
  expect(dealerText).toContain(SHEET_TEXT.versionHeading(3, "accepted"));
  expect(dealerText).toContain("Pat Shopper");
  expect(dealerText).toContain("1 (555) 765-4321");
  await dealerSheet.close();
});
