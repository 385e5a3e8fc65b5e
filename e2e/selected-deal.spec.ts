import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { readMail } from "../server/test-support/read-mail";
import type { DealSheet } from "../shared/deal/deal-sheet";
import { DEAL_NOTICE_TEXT } from "../shared/text/deal-notice-messages";
import { MSG } from "../shared/text/messages";
import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { E2E_DATA_DIR, expect, expectNoSeriousA11yViolations } from "./fixtures";
import { comeToDesk, editAmount, quoteTest as test } from "./quote-setup";
import { authHeaders } from "./support/api";

// Issue #46 end to end: what the shopper signs is exactly what the shopper saw. On a 390x844 phone
// the shopper taps "Finance 60 mo, $2,000 down", then changes the down payment to $5,000: the
// header, the grid's highlighted cell, the acceptance dialog, the accepted version, its sheet and
// PDF, the salesperson's mail and the desk log CSV all name Finance, 60 months, $5,000.00 down and
// the one monthly payment. And an acceptance of a deal that changed meanwhile is refused (409),
// shows the new deal, and is accepted when sent again.

const PHONE = { width: 390, height: 844 };
const SENTENCE =
  /^Finance, 60 months, \$5,000\.00 down, (\$[\d,]+\.\d\d)\/mo \(Good credit, ([\d.]+)% APR\)$/;

function pdfText(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dealdesk-pdf-")), "sheet.pdf");
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

async function sheetJson(page: Page, url: string): Promise<DealSheet> {
  const res = await page.request.get(url);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { sheet: DealSheet }).sheet;
}

test("on a phone, a picked cell with a changed down payment is the deal accepted, sheet, mail and CSV alike", async ({
  quote,
  pages,
  request,
}) => {
  test.setTimeout(90_000);
  const shopper = await pages.shopper(quote, PHONE);
  await comeToDesk(shopper.page);
  const cards = shopper.page.getByTestId("structures");
  await cards.getByTestId("choose-finance-2000-60").click();
  await expect(cards.getByTestId("choose-finance-2000-60")).toHaveAttribute("aria-pressed", "true");

  // The shopper types a $5,000 down payment: the term stays chosen, the grid shows the deal's
  // own down as a row with that cell highlighted.
  await editAmount(shopper.page, "down-payment", "5000");
  const choice = cards.getByTestId("customer-choice");
  await expect(choice).toHaveText(/^Your choice: Finance, 60 months, \$5,000\.00 down, /);
  const sentence = ((await choice.textContent()) ?? "").replace(/^Your choice: /, "");
  const [, monthly, apr] = SENTENCE.exec(sentence) ?? [];
  expect(monthly, sentence).toBeTruthy();
  await expect(cards.getByRole("rowheader", { name: "Your down payment: $5,000" }).first()).toBeVisible();
  await expect(cards.getByTestId("choose-finance-5000-60")).toHaveAttribute("aria-pressed", "true");
  await expect(cards.getByTestId("choose-finance-2000-60")).toHaveAttribute("aria-pressed", "false");

  // GET /api/quotes/:id answers the same deal and fingerprint as the page shows.
  const api = (await (await request.get(`/api/quotes/${quote.quoteId}`)).json()) as {
    selected: { text: string; months: number; down: number; monthlyPayment: number };
    fingerprint: string;
  };
  expect(api.selected.text).toBe(sentence);
  expect(api.selected).toMatchObject({ structure: "finance", months: 60, down: 5000 });

  // The acceptance dialog names that very deal; the shopper accepts.
  await shopper.page.getByTestId("want-this-deal").click();
  const dialog = shopper.page.getByRole("dialog", { name: STRUCTURES_TEXT.acceptTitle });
  await expect(dialog.getByTestId("accept-choice")).toHaveText(`You are agreeing to: ${sentence}`);
  await dialog.getByLabel(STRUCTURES_TEXT.yourName).fill("Pat Shopper");
  await dialog.getByLabel(STRUCTURES_TEXT.yourPhone).fill("(555) 765-4321");
  await dialog.getByLabel(STRUCTURES_TEXT.yourEmail).fill("pat@example.com");
  await expectNoSeriousA11yViolations(shopper.page);
  await dialog.getByRole("button", { name: STRUCTURES_TEXT.acceptSubmit }).click();
  await expect(shopper.page.getByTestId("deal-accepted")).toContainText(DEAL_NOTICE_TEXT.youAccepted(1));

  // The version keeps the deal the shopper saw and the fingerprint they accepted.
  const version = (await (
    await request.get(`/api/quotes/${quote.quoteId}/versions/1`, { headers: authHeaders(quote.account) })
  ).json()) as { fingerprint: string; snapshot: { selected: { text: string } } };
  expect(version.fingerprint).toBe(api.fingerprint);
  expect(version.snapshot.selected.text).toBe(sentence);

  // The sheet and its PDF: "You are agreeing to" and the boxed grid cell are the same payment.
  const sheet = await sheetJson(shopper.page, `/api/quotes/${quote.quoteId}/versions/1/sheet`);
  expect(sheet.agreement.text).toBe(sentence);
  const finance = sheet.tables.find((table) => table.kind === "finance");
  const [row, col] = finance?.selected ?? [-1, -1];
  expect(finance?.rows[row]?.[0]).toBe("Your down payment: $5,000.00");
  expect(finance?.rows[row]?.[col]).toBe(monthly);
  const pdf = await shopper.page.request.get(`/quote/${quote.quoteId}/versions/1/sheet.pdf`);
  const text = pdfText(Buffer.from(await pdf.body())).replace(/\s+/g, " ");
  expect(text).toContain("Finance, 60 months, $5,000.00 down");
  expect(text).toContain(`${monthly}/mo (Good credit, ${apr}% APR)`);
  expect(text).not.toContain("72 months");

  // The salesperson's mail names it.
  await expect
    .poll(() =>
      readdirSync(path.join(E2E_DATA_DIR, "outbox"))
        .map((file) => readMail(readFileSync(path.join(E2E_DATA_DIR, "outbox", file), "utf8")))
        .some((mail) => mail.to.includes(quote.account.email) && mail.text.includes(sentence)),
    )
    .toBe(true);

  // The desk log CSV: the accepted deal, its monthly payment as a number, the customer named.
  const csv = await (
    await request.get("/api/quotes/export.csv", { headers: authHeaders(quote.account) })
  ).text();
  const line = csv.split("\r\n").find((l) => l.startsWith(quote.quoteId)) ?? "";
  expect(line).toContain('"Finance 60 mo, $5,000.00 down"');
  expect(line).toContain(`,${(monthly ?? "").replace(/[$,]/g, "")},`);
  expect(line).toContain(",Pat Shopper,");
  expect(line).toContain(`,${MSG.accepted},`);
});

test("an acceptance of a deal that changed meanwhile is refused with the new deal, then accepted", async ({
  quote,
  pages,
  request,
}) => {
  test.setTimeout(90_000);
  const dealer = await pages.dealer(quote);
  const shopper = await pages.shopper(quote, PHONE);
  await shopper.page.getByTestId("want-this-deal").click();
  const dialog = shopper.page.getByRole("dialog", { name: STRUCTURES_TEXT.acceptTitle });
  const before = (await dialog.getByTestId("accept-choice").textContent()) ?? "";
  await dialog.getByLabel(STRUCTURES_TEXT.yourName).fill("Pat Shopper");
  await dialog.getByLabel(STRUCTURES_TEXT.yourPhone).fill("(555) 765-4321");
  await dialog.getByLabel(STRUCTURES_TEXT.yourEmail).fill("pat@example.com");

  // The dealer raises the discount a moment before the shopper's tap reaches the server.
  const fingerprintBefore = (
    (await (await request.get(`/api/quotes/${quote.quoteId}`)).json()) as {
      fingerprint: string;
    }
  ).fingerprint;
  let held = true;
  await shopper.page.route(`**/api/quotes/${quote.quoteId}/accept`, async (route) => {
    if (held) {
      held = false;
      await editAmount(dealer.page, "discount", "2500");
      await expect
        .poll(
          async () =>
            ((await (await request.get(`/api/quotes/${quote.quoteId}`)).json()) as { fingerprint: string })
              .fingerprint,
        )
        .not.toBe(fingerprintBefore);
    }
    await route.continue();
  });
  await dialog.getByRole("button", { name: STRUCTURES_TEXT.acceptSubmit }).click();
  await expect(dialog.getByTestId("accept-deal-changed")).toHaveText(MSG.dealChanged);
  const after = (await dialog.getByTestId("accept-choice").textContent()) ?? "";
  expect(after).not.toBe(before);
  // Nothing was saved or locked.
  const versions = await request.get(`/api/quotes/${quote.quoteId}/versions`);
  expect(await versions.json()).toEqual([]);
  await expect(dealer.page.getByTestId("deal-accepted")).toHaveCount(0);

  // Sent again, the deal as shown now is accepted.
  await dialog.getByRole("button", { name: STRUCTURES_TEXT.acceptSubmit }).click();
  await expect(shopper.page.getByTestId("deal-accepted")).toContainText(DEAL_NOTICE_TEXT.youAccepted(1));
  const sheet = await sheetJson(shopper.page, `/api/quotes/${quote.quoteId}/versions/1/sheet`);
  expect(`You are agreeing to: ${sheet.agreement.text}`).toBe(after);
});
