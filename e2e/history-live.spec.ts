// Issue #48: the dealer's History panel stays complete while open. With the panel on screen, the
// shopper accepts, the dealer reopens, changes the down payment and the discount, saves a
// counter-offer, and the shopper's offline change merges (a stale edit): the panel then shows
// exactly what GET /api/quotes/:id/history answers, row for row, in order, without a reload.

import type { Page } from "@playwright/test";
import { historySentence } from "../shared/history/history-sentence";
import type { HistoryResponse } from "../shared/history/history-text";
import { memberLabel } from "../shared/rules/permissions";
import { STRUCTURES_TEXT } from "../shared/text/structure-messages";
import { expect } from "./fixtures";
import {
  editAmount,
  expectConnected,
  goOffline,
  lineValue,
  type QuoteSetup,
  showHistory,
  quoteTest as test,
  waitForEditCode,
} from "./quote-setup";
import { authHeaders } from "./support/api";

const PHONE = { width: 390, height: 844 };

/** The panel's rows: each sentence with its time, as the page shows them. */
const panelRows = (page: Page) =>
  page
    .getByTestId("history-event")
    .evaluateAll((items) =>
      items.map(
        (item) => `${item.querySelector("span")?.textContent} @ ${item.querySelector("time")?.dateTime}`,
      ),
    );

/** GET of the history, as the panel would write it for this dealer. */
async function storedRows(deal: QuoteSetup, page: Page): Promise<string[]> {
  const res = await page.request.get(`/api/quotes/${deal.quoteId}/history`, {
    headers: authHeaders(deal.account),
  });
  const { events } = (await res.json()) as HistoryResponse;
  const self = memberLabel(deal.account.user.firstName, deal.account.user.role);
  return events.map((event) => `${historySentence(event, self)} @ ${new Date(event.at).toISOString()}`);
}

test("the open History panel holds every stored event in order through a counter-offer and an offline merge", async ({
  quote,
  pages,
}) => {
  test.setTimeout(120_000);
  // A screen tall enough that the panel never leaves it: nothing reads the history again, every
  // row must arrive pushed.
  const dealer = await pages.dealer(quote, { width: 1280, height: 2600 });
  const deal = { ...quote, dealer };
  const shopper = await pages.shopper(deal, PHONE);
  await waitForEditCode(shopper.page);
  await waitForEditCode(dealer.page);
  await showHistory(dealer.page);
  const reads: string[] = [];
  dealer.page.on("request", (request) => {
    if (request.url().endsWith("/history")) reads.push(request.url());
  });

  // The shopper accepts; the dealer reopens and makes a counter-offer, the panel on screen.
  // Issue #46: an acceptance names the fingerprint of the deal as shown.
  const shown = (await (await dealer.page.request.get(`/api/quotes/${deal.quoteId}`)).json()) as {
    fingerprint: string;
  };
  const accepted = await dealer.page.request.post(`/api/quotes/${deal.quoteId}/accept`, {
    data: {
      name: "Pat Shopper",
      phone: "15557654321",
      email: "pat@example.com",
      structure: { structure: "cash" },
      fingerprint: shown.fingerprint,
    },
  });
  expect(accepted.status()).toBe(201);
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.reopenDeal }).click();
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.reopenConfirmed }).click();
  await expect(dealer.page.getByTestId("deal-accepted")).toHaveCount(0);
  await editAmount(dealer.page, "down-payment", "3000");
  await editAmount(dealer.page, "discount", "2000");
  await dealer.page.getByRole("button", { name: STRUCTURES_TEXT.versions }).click();
  const versions = dealer.page.getByRole("dialog", { name: STRUCTURES_TEXT.versionsTitle });
  await versions.getByRole("button", { name: STRUCTURES_TEXT.saveVersion }).click();
  await expect(versions.getByText(/^Saved version \d+ \(/)).toBeVisible();
  await versions.getByRole("button", { name: "Close", exact: true }).last().click();
  await editAmount(dealer.page, "discount", "2500");

  // The shopper's offline change loses to the dealer's later one: merged, with its history row.
  await goOffline(shopper);
  await editAmount(shopper.page, "down-payment", "7000");
  await editAmount(dealer.page, "down-payment", "3500");
  await shopper.context.setOffline(false);
  await expectConnected(shopper.page);
  await expect(shopper.page.getByTestId("offline-conflict")).toHaveCount(1);
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$3,500.00");

  const stored = await storedRows(deal, dealer.page);
  expect(stored.some((row) => row.startsWith("Shopper's offline change to Down payment"))).toBe(true);
  await expect.poll(() => panelRows(dealer.page), { timeout: 2_000 }).toEqual(stored);
  expect(reads).toEqual([]);
});
