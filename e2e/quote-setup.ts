// Setup for the quote page specs: a dealer with known defaults and a quote snapshotting them,
// made through the real API, and the dealer and shopper pages in two browser contexts.

import type {
  APIRequestContext,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from "@playwright/test";
import { HISTORY_TEXT } from "../shared/history/history-text";
import { expect, test } from "./fixtures";
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

type Viewport = { width: number; height: number };

/** One side of a deal: its own browser context and the quote page in it. */
export interface Side {
  context: BrowserContext;
  page: Page;
}

/** Opens the dealer's view (signed in) or the shopper's plain link (no session) in `context`. */
async function openQuotePage(context: BrowserContext, setup: QuoteSetup, side: "dealer" | "shopper") {
  const page = await context.newPage();
  if (side === "dealer") await signInAs(page, setup.account);
  await page.goto(side === "dealer" ? `/quote/${setup.quoteId}?view=dealer` : `/quote/${setup.quoteId}`);
  await expectConnected(page);
  return { context, page };
}

/** Connected: "Status: Connected" to the dealer, "Live" to the shopper (issue #34: plain words). */
export async function expectConnected(page: Page) {
  await expect(page.getByTestId("connection-status")).toHaveText(/^(Status: Connected|Live)$/, {
    timeout: 10_000,
  });
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

/** Opens a line's amount dialog, types `amount` and saves with Enter. */
export async function editAmount(page: Page, id: string, amount: string) {
  await openLine(page, id);
  await enterAmount(page, amount);
}

/** Ticks the trade-in box (labelled for the shopper or the dealer), fills the vehicle and saves. */
export async function saveTradeIn(
  dialog: Locator,
  trade: { checkbox: string; description: string; mileage: string },
) {
  await dialog.getByLabel(trade.checkbox).check();
  await dialog.getByLabel("Vehicle description").fill(trade.description);
  await dialog.getByLabel("Mileage").fill(trade.mileage);
  await dialog.getByRole("button", { name: "Save" }).click();
}

/** Cuts the side's network and waits until its page says so. */
export async function goOffline(side: Side) {
  await side.context.setOffline(true);
  await expect(side.page.getByTestId("connection-status")).toHaveText(
    /^(Status: Disconnected|Offline: your changes are kept on this phone)$/,
    { timeout: 10_000 },
  );
}

/** Expects each line ('discount', 'out-the-door', ...) to show exactly its amount. */
export async function expectLines(page: Page, amounts: Record<string, string>) {
  for (const [id, amount] of Object.entries(amounts)) await expect(lineValue(page, id)).toHaveText(amount);
}

/**
 * A first touch (here a scroll, as a phone user does) makes the page fetch what an edit needs;
 * waits until the dialogs and the validation rules are there, so they work offline.
 */
/**
 * The dealer's History panel, scrolled on screen and read: it reads the history and gets its
 * pushes only while on screen (shared/history/history-push.ts), as a dealer who looks at it.
 */
export async function showHistory(page: Page): Promise<Locator> {
  const panel = page.getByTestId("history-panel");
  await panel.getByRole("heading", { name: HISTORY_TEXT.title }).scrollIntoViewIfNeeded();
  await expect(panel).toHaveAttribute("data-state", "ready");
  return panel;
}

/**
 * Scrolls to the parts below the payments (the comparison card, the shopper's "Ask for a different
 * payment", the dealer's Desk) and waits until they are there: on the shopper's page they render
 * when the reader comes within a screen of them (QuoteBody's deskOnApproach), as a shopper scrolls.
 */
export async function comeToDesk(page: Page) {
  const slot = page.getByTestId("desk-slot");
  await slot.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await expect(slot.locator(":scope > *").first()).toBeAttached();
}

export async function waitForEditCode(page: Page) {
  await page.mouse.wheel(0, 200);
  await waitForEditCodeReady(page);
}

/** Waits until the page has loaded everything an edit needs (the dialogs, their provider, validation). */
export async function waitForEditCodeReady(page: Page) {
  // EDIT_CODE_READY_MARK of src/features/quote/use-quote-prefetch.ts.
  await page.waitForFunction(() => performance.getEntriesByName("dealdesk:edit-code-ready").length > 0);
}

/** Opens quote pages and contexts for a test; everything opened here closes after the test, also on failure. */
export interface QuotePages {
  dealer(setup: QuoteSetup, viewport?: Viewport): Promise<Side>;
  shopper(setup: QuoteSetup, viewport?: Viewport): Promise<Side>;
  context(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/** The quote and both sides, open and connected. */
export interface Deal extends QuoteSetup {
  dealer: Side;
  shopper: Side;
}

export interface QuoteFixtures {
  /** The defaults the `quote` and `deal` fixtures are made with (`quoteTest.use({ quoteDefaults: {} })` for none). */
  quoteDefaults: Defaults;
  pages: QuotePages;
  /** A dealer with `quoteDefaults` and the quote of setUpQuote; no page opened yet. */
  quote: QuoteSetup;
  /** `quote` with the dealer's page and then the shopper's page opened. */
  deal: Deal;
}

/** The quote page specs' test: fixtures that set up the quote and close every context they open. */
export const quoteTest = test.extend<QuoteFixtures>({
  quoteDefaults: [WORKED_DEFAULTS, { option: true }],
  pages: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    // Tracked before the page opens, so a page that fails to connect still has its context closed.
    const context = async (options: BrowserContextOptions = {}) => {
      const created = await browser.newContext(options);
      opened.push(created);
      return created;
    };
    const inContext = (viewport?: Viewport) => context(viewport ? { viewport } : {});
    await use({
      dealer: async (setup, viewport) => openQuotePage(await inContext(viewport), setup, "dealer"),
      shopper: async (setup, viewport) => openQuotePage(await inContext(viewport), setup, "shopper"),
      context,
    });
    // Closing an already closed context is a no-op, so tests may close a side early.
    for (const context of opened) await context.close();
  },
  quote: async ({ request, quoteDefaults }, use) => {
    await use(await setUpQuote(request, quoteDefaults));
  },
  deal: async ({ quote, pages }, use) => {
    const dealer = await pages.dealer(quote);
    const shopper = await pages.shopper(quote);
    await use({ ...quote, dealer, shopper });
  },
});
