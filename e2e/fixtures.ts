import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The data dir of the server under test (its SQLite file and mail outbox). */
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? "./.tmp/e2e-data";

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
};

/**
 * Runs axe on the page and fails on serious or critical violations. Evaluated through the
 * DevTools protocol, so our CSP (no inline scripts) need not be relaxed for it.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A dialog fading in has blended colours for a moment: check what stays on screen.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner turns for ever: only what ends is waited for.
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time.
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations as AxeViolation[];
  });
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)} ${n.failureSummary ?? ""}`)
          .join(", ")}`,
    );
  expect(serious, serious.join("\n")).toEqual([]);
}

/** Fails on horizontal scrolling, the most common way a phone layout breaks. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

export const test = base;
export { expect };
