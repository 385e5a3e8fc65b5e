// Issue #36: the shopper's link opens offline. A phone that opened the link before gets the page
// from the service worker when the network is gone, with the deal kept on the phone and a banner
// saying as of when; what the shopper changes then reaches the dealer once the phone is back. The
// dealer's app is never served from it.

import type { Page } from "@playwright/test";
import { QUOTE_TEXT } from "../shared/text/page-text";
import { expect, expectNoSeriousA11yViolations } from "./fixtures";
import { editAmount, expectConnected, lineValue, quoteTest as test } from "./quote-setup";

const PHONE = { width: 390, height: 844 };
const TIME_ZONE = "America/Chicago";

/** Waits until the shopper page's worker is installed (its precache filled) and controls the page. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** "3:42 PM" for each minute from `from` to `to` in the phone's time zone: the banner's time lies between. */
function clockTimesBetween(from: number, to: number): string[] {
  const times: string[] = [];
  for (let at = from - (from % 60_000); at <= to; at += 60_000) {
    times.push(
      new Date(at)
        .toLocaleTimeString("en-US", { timeZone: TIME_ZONE, hour: "numeric", minute: "2-digit" })
        .replace(/\s/g, " "),
    );
  }
  return times;
}

test("at 390x844 the shopper's link opens offline with the deal as of the last sync, and an edit made then reaches the dealer once back online", async ({
  quote,
  pages,
}) => {
  const context = await pages.context({ viewport: PHONE, timezoneId: TIME_ZONE, colorScheme: "dark" });
  const page = await context.newPage();
  // The banner's time is that of the page's last sync, on this visit or the next.
  const syncedFrom = Date.now();
  await page.goto(`/quote/${quote.quoteId}`);
  await expectConnected(page);
  await expect(lineValue(page, "down-payment")).toHaveText("-$3,361.00");
  // Issue #48: the worker keeps the page that installed it; no second online visit is needed.
  await waitForWorker(page);

  await context.setOffline(true);
  await page.reload();
  const syncedTo = Date.now();
  const banner = page.getByTestId("offline-notice");
  await expect(banner).toHaveText(
    /^Offline: showing the deal as of (1[0-2]|[1-9]):[0-5]\d (AM|PM); your changes are kept on this phone$/,
  );
  const shownTime = (await banner.textContent())?.match(/as of (.+?);/)?.[1] ?? "";
  expect(clockTimesBetween(syncedFrom, syncedTo)).toContain(shownTime);
  expect(await banner.textContent()).toBe(QUOTE_TEXT.offlineBanner(shownTime));
  await expect(page.getByTestId("connection-status")).toHaveText(
    "Offline: your changes are kept on this phone",
  );
  await expect(lineValue(page, "down-payment")).toHaveText("-$3,361.00");
  await expect(lineValue(page, "out-the-door")).toBeVisible();
  await page.screenshot({ path: "test-results/quote-offline-link-dark.png", fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The dialog's code comes from the worker too: the shopper changes the deal offline.
  await editAmount(page, "down-payment", "4200");
  await expect(lineValue(page, "down-payment")).toHaveText("-$4,200.00");
  // Kept on this phone: opened offline again (in light mode now), the page shows the change.
  await page.emulateMedia({ colorScheme: "light" });
  await page.reload();
  await expect(lineValue(page, "down-payment")).toHaveText("-$4,200.00");
  await expect(banner).toHaveText(QUOTE_TEXT.offlineBanner(shownTime));
  await expectNoSeriousA11yViolations(page);

  // The dealer's view is the app's, never kept: offline, the same link with ?view=dealer does not open.
  const other = await context.newPage();
  await expect(other.goto(`/quote/${quote.quoteId}?view=dealer`)).rejects.toThrow(
    /ERR_INTERNET_DISCONNECTED/,
  );
  await other.close();

  await context.setOffline(false);
  await expectConnected(page);
  await expect(banner).toHaveCount(0);
  const dealer = await pages.dealer(quote);
  await expect(lineValue(dealer.page, "down-payment")).toHaveText("-$4,200.00");
});

test("at 390x844 the link opens offline after one online visit: the page, its build and the deal as last synced", async ({
  quote,
  pages,
}) => {
  // Issue #48: the texted link opened once, with no second online visit before the garage.
  const context = await pages.context({ viewport: PHONE, timezoneId: TIME_ZONE });
  const page = await context.newPage();
  await page.goto(`/quote/${quote.quoteId}`);
  await expectConnected(page);
  await expect(lineValue(page, "down-payment")).toHaveText("-$3,361.00");
  await waitForWorker(page);
  // The worker kept this page before it was ready: exactly the server's shopper page, nothing else.
  const kept = await page.evaluate(async () =>
    (await (await caches.open("shopper-pages")).keys()).map((request) => new URL(request.url).pathname),
  );
  expect(kept).toEqual([`/quote/${quote.quoteId}`]);

  await context.setOffline(true);
  const again = await context.newPage();
  await again.goto(`/quote/${quote.quoteId}`);
  await expect(again.getByTestId("offline-notice")).toHaveText(
    /^Offline: showing the deal as of (1[0-2]|[1-9]):[0-5]\d (AM|PM); your changes are kept on this phone$/,
  );
  await expect(again.getByText("2024 Honda Accord EX-L").first()).toBeVisible();
  await expect(lineValue(again, "down-payment")).toHaveText("-$3,361.00");
  await expect(lineValue(again, "out-the-door")).toBeVisible();
  await expectNoSeriousA11yViolations(again);

  // Still never the dealer's view, nor /quote/new, opened offline.
  for (const path of [`/quote/${quote.quoteId}?view=dealer`, "/quote/new"]) {
    await expect(again.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  }
});

test("the dealer's app is never controlled by the shopper page's worker", async ({ quote, pages }) => {
  // The shopper's browser has the worker; its scope is /quote/ only.
  const shopper = await pages.shopper(quote, PHONE);
  await waitForWorker(shopper.page);
  for (const path of ["/dashboard", "/"]) {
    await shopper.page.goto(path);
    expect(await shopper.page.evaluate(() => navigator.serviceWorker.controller), path).toBeNull();
  }
  // A dealer who works the deal never gets it: only the shopper's page registers it.
  const dealer = await pages.dealer(quote);
  await dealer.page.goto("/dashboard");
  await dealer.page.goto(`/quote/${quote.quoteId}?view=dealer`);
  await expectConnected(dealer.page);
  expect(await dealer.page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  expect(
    await dealer.page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
  ).toBe(0);
});

test("the worker script is always asked for again and precaches the shopper page's build, not the dealer app's", async ({
  quote,
  request,
}) => {
  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
  expect(worker.headers()["cache-control"]).toBe("no-cache");
  const precached = [...(await worker.text()).matchAll(/"?url"?:"(assets\/[^"]+)"/g)].map((m) => `/${m[1]}`);

  // Every script the shopper's page opens with. Its stylesheet is inside the page (decision 036),
  // so it names no stylesheet file; the sheets its lazy parts bring (the dialogs' Mantine
  // components) are kept with their scripts.
  const shopperPage = await (await request.get(`/quote/${quote.quoteId}`)).text();
  const opensWith = [...new Set(shopperPage.match(/\/assets\/[\w.-]+\.(?:js|css)/g))];
  expect(opensWith.filter((file) => file.endsWith(".js")).length).toBeGreaterThan(0);
  expect(opensWith.filter((file) => file.endsWith(".css"))).toEqual([]);
  for (const file of opensWith) expect(precached, file).toContain(file);
  expect(precached.filter((file) => /^\/assets\/shopper-mantine-[\w-]+\.css$/.test(file))).toHaveLength(1);

  // Not the full app's entry (what /dashboard runs), nor the dealer's parts of the quote page.
  const appShell = await (await request.get("/dashboard")).text();
  const appEntry = appShell.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(appEntry).toBeDefined();
  expect(precached).not.toContain(appEntry);
  expect(precached.filter((file) => /dealer-dialog-host|history-panel|rate-editor/.test(file))).toEqual([]);
});
