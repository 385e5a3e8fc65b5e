import { TEXT } from "../shared/messages";
import { seedListingRows } from "./dashboard-db";
import { expect, test } from "./fixtures";
import { registerDealerViaApi, signInAs } from "./support/api";

const COUNT = 5_000;
const PAGE_SIZE = 25;

test("a dealer with 5,000 quotes gets the first page at once and a fast search", async ({
  page,
  request,
}) => {
  const account = await registerDealerViaApi(request);
  // Row i is the i-th newest: 'Model 0 ...' first.
  seedListingRows(account.user.id, COUNT, (i) => `${2010 + (i % 15)} Model ${i} Touring`);
  await signInAs(page, account);
  // Load the app's code once, so the timing below is the dashboard's work, not the first download.
  await page.goto("/");

  const started = Date.now();
  await page.goto("/dashboard");
  const rows = page.locator("tbody tr");
  await expect(rows.first()).toContainText("Model 0 Touring");
  const search = page.getByRole("searchbox", { name: TEXT.searchPlaceholder });
  await expect(search).toBeEditable();
  const loadMs = Date.now() - started;
  expect(loadMs, `dashboard interactive after ${loadMs} ms`).toBeLessThan(1_000);
  // One page is rendered, the rest waits behind the pagination.
  await expect(rows).toHaveCount(PAGE_SIZE);
  await expect(page.getByRole("button", { name: `Page ${COUNT / PAGE_SIZE}` })).toBeVisible();

  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(rows.first()).toContainText(`Model ${PAGE_SIZE} Touring`);

  // Typing a search goes back to page 1 and narrows 5,000 quotes to one.
  const typed = Date.now();
  await search.fill("model 4321 ");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Model 4321 Touring");
  const searchMs = Date.now() - typed;
  expect(searchMs, `search answered after ${searchMs} ms`).toBeLessThan(500);

  await search.fill("Model 432");
  // Model 432 and Model 4320..4329.
  await expect(rows).toHaveCount(11);
  await search.fill("");
  await expect(rows).toHaveCount(PAGE_SIZE);
  await expect(rows.first()).toContainText("Model 0 Touring");
});
