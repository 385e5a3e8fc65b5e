import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from "./fixtures";

for (const width of [390, 1280]) {
  test(`a signed-out visitor sees the full landing page at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const hero = page.getByRole("link", { name: "Get Started Free" });
    await expect(hero).toHaveAttribute("href", "/register");
    await expect(page.getByRole("link", { name: "or sign into your account" })).toHaveAttribute(
      "href",
      "/login",
    );
    await expect(page.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    for (const heading of [
      "How It Works",
      "About Us",
      "Build trust",
      "Meet shoppers' needs",
      "Delight shoppers",
      "Close more deals",
    ]) {
      await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Get Started Now" })).toHaveAttribute("href", "/register");
    await expect(page.getByText(/© \d{4} DealDesk/)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `test-results/landing-${width}.png`, fullPage: true });
  });
}

test("the main button goes to the register page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Get Started Free" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("an unknown path redirects to the landing page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Get Started Free" })).toBeVisible();
});

test("the dashboard sends a signed-out visitor to the login page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("/profile leads to the account settings, which need a login", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login$/);
});

test("dark mode stays on after a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  // The pre-rendered page loads its scripts after the first paint (an inline loader adds them in
  // the frame after it): the toggle works once React has taken the page over. Network idle alone
  // can come first on a loaded machine (the loader had not yet asked for anything), and then the
  // click lands on markup no handler listens to yet.
  await page.waitForFunction(() =>
    Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer$")),
  );
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  await page.reload();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  await expectNoSeriousA11yViolations(page);
  // The toggle goes back to the system's setting too (light, dark and system).
  await page.getByRole("button", { name: /Switch to system setting/ }).click();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "light");
  await expect(page.getByTestId("color-scheme-toggle")).toHaveAttribute("data-scheme", "auto");
  await page.reload();
  await expect(page.getByTestId("color-scheme-toggle")).toHaveAttribute("data-scheme", "auto");
});
