import { expect, type Locator, type Page } from "@playwright/test";

// Issue #51: what a dealer on a phone or a desktop must never meet. Text cut by its own box
// (a badge reading "CUSTOME…", a figure under its cell's edge), content spilling out of a card,
// tiles of one row that no longer line up, a figure said twice in one cell, and a page that moves
// after its first paint (the dashboard's checklist popping in above the list).

/** Badges, table cells, tiles and anything drawn with an ellipsis whose text is wider than its box. */
export async function expectNoClippedText(page: Page): Promise<void> {
  const clipped = await page.evaluate(() => {
    const found: string[] = [];
    const candidates = document.querySelectorAll<HTMLElement>(
      ".mantine-Badge-root, .mantine-Badge-label, td, th, [data-tile], [data-clip-check]",
    );
    const ellipsed = Array.from(document.querySelectorAll<HTMLElement>("body *")).filter(
      (el) => getComputedStyle(el).textOverflow === "ellipsis",
    );
    for (const el of new Set([...candidates, ...ellipsed])) {
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden" || el.clientWidth <= 1) continue;
      // A scroll container shows the rest by scrolling; it clips nothing for good.
      if (style.overflowX === "auto" || style.overflowX === "scroll") continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(
          `${el.tagName.toLowerCase()}.${el.className}: "${(el.textContent ?? "").trim().slice(0, 60)}"`,
        );
    }
    return found;
  });
  expect(clipped, "text cut by its box").toEqual([]);
}

/** Cards (Mantine Paper) whose content is wider than the card: it spills out of the border. */
export async function expectNothingOutOfCards(page: Page): Promise<void> {
  const spilled = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>(".mantine-Paper-root"))
      .filter((card) => {
        const style = getComputedStyle(card);
        return style.display !== "none" && card.clientWidth > 0 && card.scrollWidth > card.clientWidth + 1;
      })
      .map(
        (card) =>
          `${card.getAttribute("data-testid") ?? card.className}: ${card.scrollWidth} > ${card.clientWidth}: "${(
            card.textContent ?? ""
          )
            .trim()
            .slice(0, 60)}"`,
      ),
  );
  expect(spilled, "content wider than its card").toEqual([]);
}

/**
 * Elements of one row (by test id) whose `edge` is at the same height, to the pixel: a value
 * wrapping to two lines must not leave one tile standing above the others.
 */
export async function expectLinedUp(page: Page, testIds: string[], edge: "top" | "bottom"): Promise<void> {
  const edges = await Promise.all(
    testIds.map(async (testId) => {
      const box = await page.getByTestId(testId).boundingBox();
      if (!box) throw new Error(`${testId} is not on the page`);
      return { testId, at: Math.round(edge === "top" ? box.y : box.y + box.height) };
    }),
  );
  const first = edges[0]?.at ?? 0;
  expect(
    edges.filter(({ at }) => Math.abs(at - first) > 1),
    `${edge} edges: ${JSON.stringify(edges)}`,
  ).toEqual([]);
}

/**
 * Grid cells that say one amount twice besides their monthly payment: a lease cell's "$3,243.58
 * cash due at signing" and "$3,243.58 due at signing" (the first payment may equal the cash due).
 */
export async function expectNoFigureTwice(cells: Locator): Promise<void> {
  const repeated = (await cells.allTextContents()).filter((text) => {
    const figures = text.replace(/\$[\d,]+\.\d\d\/mo/g, "").match(/\$[\d,]+\.\d\d/g) ?? [];
    return new Set(figures).size < figures.length;
  });
  expect(repeated, "a figure said twice in one cell").toEqual([]);
}

/**
 * Tables inside `within` wider than the scroller they sit in: a count table of two columns (the cash
 * downs) must fit its half of a card, not hide its last column past the card's edge.
 */
export async function expectTablesFit(within: Locator): Promise<void> {
  const cut = await within.locator("table").evaluateAll((tables) =>
    tables
      .filter((table) => {
        const box = table.closest<HTMLElement>('[role="region"]') ?? table.parentElement;
        return box !== null && table.getBoundingClientRect().width > box.clientWidth + 1;
      })
      .map((table) => (table.querySelector("caption")?.textContent ?? "").trim()),
  );
  expect(cut, "tables wider than their box").toEqual([]);
}

/** Records the browser's own LayoutShift entries from the first paint on (call before goto). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) =>
            s.node instanceof HTMLElement
              ? `${s.node.tagName}.${s.node.className}`
              : String(s.node?.nodeName),
          ),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The cumulative layout shift since the page loaded (the Web Vitals sum, one window). */
export async function expectLayoutShiftAtMost(page: Page, limit: number): Promise<void> {
  const shifts = await page.evaluate(
    () =>
      (window as unknown as { __layoutShifts?: { value: number; sources: string[] }[] }).__layoutShifts ?? [],
  );
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `layout shift after first paint: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(limit);
}
