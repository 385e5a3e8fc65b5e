import type { APIRequestContext, Page } from "@playwright/test";
import { ANALYTICS_TEXT, openedWithoutShareText } from "../shared/analytics/analytics-text";
import { FIXTURE_DAYS } from "../shared/testing/analytics-fixture";
import { seedAnalyticsDesk } from "./analytics-db";
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from "./fixtures";
import { registerDealerViaApi, signInAs } from "./support/api";
import { expectNoClippedText, expectNothingOutOfCards, expectTablesFit } from "./support/layout-checks";

// Issue #40, end to end: the hand-built desk (shared/testing/analytics-fixture.ts) seeded into a
// fresh dealership, read from the Analytics page's text equivalents by a manager and by a
// salesperson, light and dark, on a phone and a desktop.

/** The fixture's first day: a local midnight 20 days ago, so "Last 30 days" holds it all. */
function fixtureStart(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 20);
}
const dateValue = (day: Date) =>
  `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;

async function seededDesk(request: APIRequestContext) {
  const owner = await registerDealerViaApi(request, { firstName: "Olivia", lastName: "Owner" });
  const start = fixtureStart();
  const { emails } = seedAnalyticsDesk(owner.user.id, start.getTime());
  const login = async (email: string) => {
    const res = await request.post("/api/auth/login", { data: { email, password: owner.password } });
    expect(res.ok()).toBe(true);
    return (await res.json()) as { token: string };
  };
  return { owner, start, manager: await login(emails.manager), sam: await login(emails.sam) };
}

async function chooseCustomRange(page: Page, start: Date) {
  await page.getByText(ANALYTICS_TEXT.ranges.custom, { exact: true }).click();
  await page.getByLabel(ANALYTICS_TEXT.from, { exact: true }).fill(dateValue(start));
  const last = new Date(start.getFullYear(), start.getMonth(), start.getDate() + FIXTURE_DAYS - 1);
  await page.getByLabel(ANALYTICS_TEXT.to, { exact: true }).fill(dateValue(last));
}

const funnel = (page: Page) => page.getByTestId("funnel-sentence");
// Issue #51: the fixture's quote e was opened from a link never shared: opened, not shared.
const openedWithoutShare = openedWithoutShareText(1);

test("a manager reads the desk's figures, changes the range and the salesperson", async ({
  page,
  request,
}) => {
  const desk = await seededDesk(request);
  await signInAs(page, desk.manager);
  await page.goto("/dashboard");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Analytics" }).click();
  await expect(page.getByRole("heading", { level: 1, name: ANALYTICS_TEXT.title })).toBeVisible();

  // Last 30 days holds the fixture and the quote made the day before it.
  await expect(funnel(page)).toHaveText(
    `6 created, 4 shared, 4 opened by the shopper, 4 accepted. ${openedWithoutShare}`,
  );

  await chooseCustomRange(page, desk.start);
  await expect(funnel(page)).toHaveText(
    `5 created, 3 shared, 3 opened by the shopper, 3 accepted. ${openedWithoutShare}`,
  );
  const funnelTable = page.getByTestId("analytics-funnel").getByRole("table");
  await expect(funnelTable.getByRole("row", { name: /^Shared 3 60%$/ })).toBeVisible();
  // Of the 3 shared quotes, 2 were opened (the third opened quote was never shared).
  await expect(funnelTable.getByRole("row", { name: /^Opened by the shopper 3 67%$/ })).toBeVisible();
  await expect(funnelTable.getByRole("row", { name: /^Accepted 3 100%$/ })).toBeVisible();

  const timing = page.getByTestId("analytics-timing");
  await expect(timing).toContainText(
    `${ANALYTICS_TEXT.shareToOpen}: Median 12 h 15 min, 90th percentile 23 h, over 2 quotes`,
  );
  await expect(timing).toContainText(
    `${ANALYTICS_TEXT.openToAccept}: Median 1 d 6 h, 90th percentile 1 d 23 h, over 3 quotes`,
  );
  const deals = page.getByTestId("analytics-deals");
  await expect(deals).toContainText(`${ANALYTICS_TEXT.averageOutTheDoor}: $29,833.33`);
  await expect(deals).toContainText(`${ANALYTICS_TEXT.totalOutTheDoor}: $89,500.00`);
  for (const row of [
    /^Cash 1$/,
    /^Finance 1$/,
    /^Lease 1$/,
    /^Finance 72 mo 1$/,
    /^Lease 36 mo 1$/,
    /^\$0\.00 1$/,
    /^\$4,000\.00 1$/,
  ])
    await expect(deals.getByRole("row", { name: row })).toBeVisible();

  const weeks = page.getByTestId("analytics-weeks").getByRole("table");
  await expect(weeks.getByRole("row")).toHaveCount(3);
  await expect(weeks.getByRole("row").nth(1)).toHaveText(/2\s*2\s*1\s*1$/);
  // The second week's quote e was opened, never shared: 1 shared, 2 opened (#51).
  await expect(weeks.getByRole("row").nth(2)).toHaveText(/3\s*1\s*2\s*2$/);

  const people = page.getByTestId("analytics-people").getByRole("table");
  await expect(people.getByRole("row", { name: /^Sue Seller 3 1 2 2 67% 0, 3$/ })).toBeVisible();
  await expect(people.getByRole("row", { name: /^Sam Seller 2 2 1 1 50% 2, 0$/ })).toBeVisible();

  await page.getByTestId("analytics-salesperson").click();
  await page.getByRole("option", { name: "Sam Seller" }).click();
  await expect(funnel(page)).toHaveText("2 created, 2 shared, 1 opened by the shopper, 1 accepted.");
  await expect(timing).toContainText(
    `${ANALYTICS_TEXT.shareToOpen}: Median 23 h, 90th percentile 23 h, over 1 quote`,
  );
  await expect(deals).toContainText(`${ANALYTICS_TEXT.totalOutTheDoor}: $29,500.00`);

  // Nothing was created this week in this dealership.
  await page.getByText(ANALYTICS_TEXT.ranges.week, { exact: true }).click();
  await expect(page.getByText(ANALYTICS_TEXT.noQuotes)).toBeVisible();

  // The export downloads the desk log with the filters on screen.
  await page.getByText(ANALYTICS_TEXT.ranges.last30, { exact: true }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: ANALYTICS_TEXT.exportCsv }).click();
  expect((await download).suggestedFilename()).toMatch(/^desk-log-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("a salesperson sees their own figures only", async ({ page, request }) => {
  const desk = await seededDesk(request);
  await signInAs(page, desk.sam);
  await page.goto("/analytics");
  await expect(page.getByText(`${ANALYTICS_TEXT.yourFigures}.`, { exact: false })).toBeVisible();
  await chooseCustomRange(page, desk.start);
  await expect(funnel(page)).toHaveText("2 created, 2 shared, 1 opened by the shopper, 1 accepted.");
  await expect(page.getByTestId("analytics-salesperson")).toHaveCount(0);
  await expect(page.getByRole("button", { name: ANALYTICS_TEXT.exportCsv })).toHaveCount(0);
  const people = page.getByTestId("analytics-people").getByRole("table");
  await expect(people.getByRole("row")).toHaveCount(2);
  await expect(people.getByRole("row", { name: /^Sam Seller / })).toBeVisible();
  const res = await request.get("/api/quotes/export.csv", {
    headers: { Authorization: `Bearer ${desk.sam.token}` },
  });
  expect(res.status()).toBe(403);
});

for (const [name, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 900 }],
] as const) {
  test(`the Analytics page passes axe in light and dark on a ${name}`, async ({ page, request }) => {
    const desk = await seededDesk(request);
    await page.setViewportSize(viewport);
    await signInAs(page, desk.manager);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto("/analytics");
      await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", colorScheme);
      await expect(funnel(page)).toHaveText(
        `6 created, 4 shared, 4 opened by the shopper, 4 accepted. ${openedWithoutShare}`,
      );
      await expectNoSeriousA11yViolations(page);
      await expectNoHorizontalScroll(page);
      // Issue #51: no table (the cash downs) cut at or spilling out of its card's edge.
      await expectNoClippedText(page);
      await expectNothingOutOfCards(page);
      await expectTablesFit(page.getByTestId("analytics-deals"));
    }
  });
}
