// Setup for the quote page specs: a dealer with known defaults and a quote snapshotting them,
// made through the real API, and the dealer and shopper pages in two browser contexts.

import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";
import {
  authHeaders,
  createQuoteViaApi,
  type DealerAccount,
  registerDealerViaApi,
  signInAs,
} from "./support/api";

export interface Defaults {
  addOns?: { name: string; description?: string; price: number }[];
  dealerFees?: { name: string; description?: string; amount: number }[];
  taxes?: { description: string; rate: number }[];
  governmentFees?: { name: string; description?: string; amount: number }[];
}

/** The worked example's defaults (every figure of quote-worked-example.spec.ts derives from these). */
export const WORKED_DEFAULTS: Defaults = {
  addOns: [
    { name: "Paint Protection", description: "Ceramic coating", price: 1200 },
    { name: "Floor Mats", price: 250 },
  ],
  dealerFees: [
    { name: "Doc Fee", amount: 499 },
    { name: "Prep Fee", amount: 150 },
  ],
  taxes: [
    { description: "State Tax", rate: 6.25 },
    { description: "County Tax", rate: 1 },
  ],
  governmentFees: [
    { name: "Title Fee", amount: 75 },
    { name: "Registration", amount: 125.5 },
  ],
};

async function post(request: APIRequestContext, account: DealerAccount, path: string, data: object) {
  const res = await request.post(`/api/dealer-defaults/${path}`, { data, headers: authHeaders(account) });
  if (!res.ok()) throw new Error(`POST ${path} failed: ${res.status()} ${await res.text()}`);
}

/** Creates the dealer's defaults through /api/dealer-defaults, before any quote snapshots them. */
export async function createDefaults(request: APIRequestContext, account: DealerAccount, defaults: Defaults) {
  for (const a of defaults.addOns ?? []) await post(request, account, "addons", { description: "", ...a });
  for (const f of defaults.dealerFees ?? [])
    await post(request, account, "dealer-fees", { description: "", ...f });
  for (const t of defaults.taxes ?? []) await post(request, account, "taxes", t);
  for (const g of defaults.governmentFees ?? [])
    await post(request, account, "government-fees", { description: "", ...g });
}

export interface QuoteSetup {
  account: DealerAccount;
  quoteId: string;
}

/** A dealer (with `defaults`) and a 2024 Honda Accord quote at $32,000 less $1,500. */
export async function setUpQuote(
  request: APIRequestContext,
  defaults: Defaults = {},
  quote: Parameters<typeof createQuoteViaApi>[2] = {},
): Promise<QuoteSetup> {
  const account = await registerDealerViaApi(request);
  await createDefaults(request, account, defaults);
  const quoteId = await createQuoteViaApi(request, account, {
    vehicle: {
      description: "2024 Honda Accord EX-L",
      color: "Blue",
      mileage: 12,
      stockNumber: "A1234",
      advertisedUrl: "https://dealer.example.com/accord",
    },
    pricing: { advertisedPrice: 32000, discount: 1500 },
    ...quote,
  });
  return { account, quoteId };
}

/** Opens the dealer's view in its own context, signed in. */
export async function openDealer(
  browser: Browser,
  setup: QuoteSetup,
  viewport?: { width: number; height: number },
) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await signInAs(page, setup.account);
  await page.goto(`/quote/${setup.quoteId}?view=dealer`);
  await expectConnected(page);
  return { context, page };
}

/** Opens the shopper's plain link in its own context (no session). */
export async function openShopper(
  browser: Browser,
  setup: QuoteSetup,
  viewport?: { width: number; height: number },
) {
  const context: BrowserContext = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await page.goto(`/quote/${setup.quoteId}`);
  await expectConnected(page);
  return { context, page };
}

export async function expectConnected(page: Page) {
  await expect(page.getByTestId("connection-status")).toHaveText("Status: Connected", { timeout: 10_000 });
}

/** The amount shown on one of the 13 lines ('down-payment', 'out-the-door', ...). */
export const lineValue = (page: Page, id: string): Locator => page.getByTestId(`line-${id}-value`);

/** Opens a line's dialog by clicking the line. */
export async function openLine(page: Page, id: string) {
  await page.getByTestId(`line-${id}`).getByRole("button").first().click();
}

/** Types into the amount dialog and saves with Enter. */
export async function enterAmount(page: Page, amount: string) {
  const dialog = page.getByRole("dialog");
  const input = dialog.getByLabel("Amount");
  await input.fill(amount);
  await input.press("Enter");
  await expect(dialog).toBeHidden();
}

/**
 * A first touch (here a scroll, as a phone user does) makes the page fetch what an edit needs;
 * waits until the dialogs and the validation rules are there, so they work offline.
 */
export async function waitForEditCode(page: Page) {
  await page.mouse.wheel(0, 200);
  await page.waitForFunction(() => {
    const names = performance.getEntriesByType("resource").map((entry) => entry.name);
    return (
      names.some((n) => n.includes("/validate-update-")) &&
      names.some((n) => n.includes("/quote-dialog-host-"))
    );
  });
}
