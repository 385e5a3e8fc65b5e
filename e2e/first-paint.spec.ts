import type { BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { quoteTest as test } from "./quote-setup";

// Issue #52, decision 036: the first paint is the finished page's look. What the server's HTML
// carries inline is painted before any request answers; the landing page's stylesheets come after
// that paint, and the shopper's page has none to come (its whole sheet is inline). On a phone with a
// bad connection a late stylesheet can take seconds, so it must change nothing the shopper sees:
// the light scheme's colours were missing from the inline CSS, and cards, rules and buttons were
// drawn in the text colour until the sheet came.
//
// Each page is opened twice with its scripts failing (the server's HTML as painted, never hydrated):
// once with the stylesheets the inline loader adds, once with every asset request failing too. Every
// element's colours, borders, font and box must be the same in both, in either colour scheme.

const PHONE = { width: 390, height: 844 };

type Look = { elements: string[]; sheets: string[]; scheme: string };

/** The computed look of every element of the page, in document order, and the stylesheets it loaded. */
const lookOf = (page: Page): Promise<Look> =>
  page.evaluate(() => {
    const props = [
      "color",
      "background-color",
      "border-top-color",
      "border-top-width",
      "font-family",
      "font-size",
      "font-weight",
      "display",
      "padding-top",
      "margin-top",
      "border-radius",
    ];
    const elements = [...document.body.querySelectorAll("*")]
      .filter((element) => !["SCRIPT", "STYLE", "NOSCRIPT"].includes(element.tagName))
      .map((element) => {
        const style = getComputedStyle(element);
        const name = `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""}`;
        return `${name} ${props.map((prop) => style.getPropertyValue(prop)).join(" | ")}`;
      });
    const sheets = [...document.styleSheets].flatMap((sheet) =>
      sheet.href ? [new URL(sheet.href).pathname] : [],
    );
    const scheme = getComputedStyle(document.documentElement)
      .getPropertyValue("--mantine-color-scheme")
      .trim();
    return { elements, sheets, scheme };
  });

async function lookWith(
  context: (options?: BrowserContextOptions) => Promise<BrowserContext>,
  colorScheme: "light" | "dark",
  url: string,
  failing: RegExp,
): Promise<Look> {
  const browser = await context({ viewport: PHONE, colorScheme });
  const page = await browser.newPage();
  await page.route(failing, (route) => route.abort());
  await page.goto(url);
  // The inline loader runs a frame after the first paint (it adds the entry's script last); then
  // whatever it asked for has loaded or failed.
  await page.waitForFunction(() => document.querySelector('script[type="module"]') !== null);
  await page.waitForLoadState("networkidle");
  const look = await lookOf(page);
  await browser.close();
  return look;
}

/** Lines of `after` that differ from `before` at the same place (the same element). */
function differences(before: Look, after: Look): string[] {
  expect(after.elements.length).toBe(before.elements.length);
  return after.elements.flatMap((line, index) =>
    line === before.elements[index] ? [] : [`${before.elements[index]}\n  -> ${line}`],
  );
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`in the ${colorScheme} scheme the shopper's first paint is the finished page's look, and it loads no stylesheet to get there`, async ({
    quote,
    pages,
  }) => {
    const url = `/quote/${quote.quoteId}`;
    const painted = await lookWith(pages.context, colorScheme, url, /\/assets\/.*\.(js|css)$/);
    const styled = await lookWith(pages.context, colorScheme, url, /\/assets\/.*\.js$/);
    expect(painted.scheme).toBe(colorScheme);
    expect(styled.sheets).toEqual([]);
    expect(painted.elements.length).toBeGreaterThan(200);
    expect(differences(painted, styled)).toEqual([]);
  });

  test(`in the ${colorScheme} scheme the landing page's stylesheets, loaded after its first paint, change nothing it painted`, async ({
    pages,
  }) => {
    const painted = await lookWith(pages.context, colorScheme, "/", /\/assets\/.*\.(js|css)$/);
    const styled = await lookWith(pages.context, colorScheme, "/", /\/assets\/.*\.js$/);
    expect(painted.scheme).toBe(colorScheme);
    // The loader did add the landing page's stylesheets, so the comparison compares something.
    expect(styled.sheets.length).toBeGreaterThan(0);
    expect(painted.elements.length).toBeGreaterThan(50);
    expect(differences(painted, styled)).toEqual([]);
  });
}
