import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { readMail, resetLinkIn } from "../server/test-support/read-mail";
import { RESET_REDIRECT_MS } from "../shared/core/constants";
import { MSG } from "../shared/text/messages";
import {
  E2E_DATA_DIR,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  test,
} from "./fixtures";
import { registerDealerViaApi, signInAs } from "./support/api";

let counter = 0;

/** An input by its exact label; a required field's label ends in Mantine's " *". */
const field = (page: Page, label: string) =>
  page.getByRole("textbox", { name: new RegExp(`^${label}( \\*)?$`) });
const uniqueEmail = () => `e2e-auth-${Date.now()}-${process.pid}-${++counter}@example.com`;

/** The newest reset email for `to` in the server's outbox (other tests write there too). */
async function newestResetLink(to: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  let link: string | undefined;
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(outbox).map((f) => path.join(outbox, f));
      } catch {
        return undefined;
      }
      const mine = files
        .map((file) => ({ file, raw: readFileSync(file, "utf8") }))
        .filter(({ raw }) => readMail(raw).to.includes(to))
        .sort((a, b) => statSync(b.file).mtimeMs - statSync(a.file).mtimeMs);
      link = mine[0] ? resetLinkIn(mine[0].raw) : undefined;
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test.describe("register", () => {
  test("a dealer registers without dealership info and lands on the dashboard", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1, name: "Create your dealer account" })).toBeVisible();
    await expect(page).toHaveTitle(/Create your account/);
    await expect(page.getByRole("heading", { name: "Dealership Information (Optional)" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await field(page, "First name").fill("Morgan");
    await field(page, "Last name").fill("Reyes");
    await field(page, "Email").fill(uniqueEmail());
    await field(page, "Password").fill("a good long password");
    await field(page, "Confirm password").fill("a good long password");
    await field(page, "City").fill("   ");
    const call = page.waitForRequest((r) => r.url().endsWith("/api/auth/register"));
    await page.getByRole("button", { name: "Create Account" }).click();
    // Spec §5: optional fields left empty are not sent at all.
    expect(Object.keys((await call).postDataJSON()).sort()).toEqual([
      "email",
      "firstName",
      "lastName",
      "password",
    ]);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu for Morgan Reyes" })).toContainText("MR");
  });

  test("a dealer registers with dealership info; the profile is saved as the spec says", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail();
    await page.goto("/register");
    await field(page, "First name").fill("Avery");
    await field(page, "Last name").fill("Stone");
    await field(page, "Email").fill(email);
    await field(page, "Password").fill("🚗 vroom vroom");
    await field(page, "Confirm password").fill("🚗 vroom vroom");
    await field(page, "Dealership name").fill("Stone Family Motors");
    await field(page, "Street address").fill("500 Commerce Blvd");
    await field(page, "City").fill("Tulsa");
    await field(page, "State").fill("ok");
    await expect(field(page, "State")).toHaveValue("OK");
    await field(page, "ZIP code").fill("74103");
    await field(page, "Phone").fill("9185550142");
    await expect(field(page, "Phone")).toHaveValue("(918) 555-0142");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu for Avery Stone" })).toBeVisible();

    const login = await request.post("/api/auth/login", { data: { email, password: "🚗 vroom vroom" } });
    expect((await login.json()).user.dealerProfile).toEqual({
      dealershipName: "Stone Family Motors",
      streetAddress: "500 Commerce Blvd",
      city: "Tulsa",
      state: "OK",
      zipCode: "74103",
      phoneNumber: "9185550142",
    });
  });

  test("the register form shows each message of spec §5 and clears it on edit", async ({ page, request }) => {
    await page.goto("/register");
    const create = page.getByRole("button", { name: "Create Account" });
    await create.click();
    for (const message of [
      MSG.emailRequired,
      MSG.passwordRequired,
      MSG.confirmPasswordRequired,
      MSG.firstNameRequired,
      MSG.lastNameRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await field(page, "First name").fill("Sam");
    await expect(page.getByText(MSG.firstNameRequired)).toHaveCount(0);

    await field(page, "Last name").fill("Lee");
    await field(page, "Email").fill("sam@nowhere");
    await field(page, "Password").fill("short");
    await field(page, "Confirm password").fill("different");
    await field(page, "ZIP code").fill("1234");
    await field(page, "Phone").fill("555");
    await create.click();
    for (const message of [
      MSG.emailInvalid,
      MSG.passwordMinLength,
      MSG.passwordsDoNotMatch,
      MSG.zipInvalid,
      MSG.phone10Digits,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/register$/);

    // A taken email: the server's message shows in the error banner.
    const existing = await registerDealerViaApi(request);
    await field(page, "Email").fill(existing.email.toUpperCase());
    await field(page, "Password").fill("long enough now");
    await field(page, "Confirm password").fill("long enough now");
    await field(page, "ZIP code").fill("");
    await field(page, "Phone").fill("");
    await create.click();
    await expect(page.getByRole("alert")).toContainText(MSG.emailTaken);
    await expect(page).toHaveURL(/\/register$/);
  });

  test("register and settings fit a 390px phone", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/register");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await signInAs(page, await registerDealerViaApi(request));
    await page.goto("/settings/account");
    await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});

test.describe("log in and out", () => {
  test("logout from the avatar menu goes to /login; logging in goes to the dashboard", async ({
    page,
    request,
  }) => {
    const account = await registerDealerViaApi(request);
    await signInAs(page, account);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Account menu for Dana Whitfield" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("heading", { name: "Log in to your account" })).toBeVisible();
    await expect(page).toHaveTitle(/Log in/);
    expect(await page.evaluate(() => window.localStorage.getItem("token"))).toBeNull();
    await expectNoSeriousA11yViolations(page);

    await field(page, "Email").fill(account.email);
    await field(page, "Password").fill("not the password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page.getByRole("alert")).toContainText(MSG.invalidCredentials);

    await field(page, "Password").fill(account.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("button", { name: "Account menu for Dana Whitfield" })).toContainText("DW");
  });

  test("the login page links to sign-up and forgot password", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Don't have an account? Sign up" })).toHaveAttribute(
      "href",
      "/register",
    );
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test("a signed-in dealer opening /login or /register goes to the dashboard", async ({ page, request }) => {
    await signInAs(page, await registerDealerViaApi(request));
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/register");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("after logging in the dealer returns to the page that asked for it", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    await page.goto("/settings/contact-information");
    await expect(page).toHaveURL(/\/login$/);
    await field(page, "Email").fill(account.email);
    await field(page, "Password").fill(account.password);
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/settings\/contact-information$/);
    await expect(page.getByRole("heading", { name: "Dealership information" })).toBeVisible();
  });
});

test.describe("forgot and reset password", () => {
  test("the forgot form checks the email, then shows the success state", async ({ page }) => {
    await page.goto("/forgot-password");
    await expect(page).toHaveTitle(/Forgot password/);
    await expectNoSeriousA11yViolations(page);
    const send = page.getByRole("button", { name: "Send Reset Link" });
    await send.click();
    await expect(page.getByText(MSG.emailRequired, { exact: true })).toBeVisible();
    await field(page, "Email").fill("not-an-email");
    await send.click();
    await expect(page.getByText(MSG.emailInvalidAddress, { exact: true })).toBeVisible();
    // An unknown email gets the same success state as a real one.
    await field(page, "Email").fill(uniqueEmail());
    await send.click();
    await expect(page.getByText(MSG.checkEmail)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Back to login" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a reset link without a token says so and disables the form", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByText(MSG.resetTokenMissing)).toBeVisible();
    await expect(field(page, "New password")).toBeDisabled();
    await expect(field(page, "Confirm new password")).toBeDisabled();
    await expect(page.getByRole("button", { name: "Reset Password" })).toBeDisabled();
    await expect(page).toHaveTitle(/Reset password/);
    await expectNoSeriousA11yViolations(page);
  });

  test("the emailed link resets the password once and leads to the login page", async ({ page, request }) => {
    const account = await registerDealerViaApi(request);
    await page.goto("/forgot-password");
    await field(page, "Email").fill(account.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText(MSG.checkEmail)).toBeVisible();

    const link = await newestResetLink(account.email);
    const url = new URL(link);
    const response = await page.goto(`${url.pathname}${url.search}`);
    // The token in the address must not leak to any other site through the Referer header.
    expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
    await expectNoSeriousA11yViolations(page);
    const submit = page.getByRole("button", { name: "Reset Password" });
    await submit.click();
    await expect(page.getByText(MSG.passwordRequired, { exact: true })).toBeVisible();
    await field(page, "New password").fill("short");
    await submit.click();
    await expect(page.getByText(MSG.passwordMinLength, { exact: true })).toBeVisible();
    await field(page, "New password").fill("my brand new password");
    await field(page, "Confirm new password").fill("my brand new passwort");
    await submit.click();
    await expect(page.getByText(MSG.passwordsDoNotMatch, { exact: true })).toBeVisible();
    await field(page, "Confirm new password").fill("my brand new password");
    await submit.click();
    await expect(page.getByText(MSG.resetSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: RESET_REDIRECT_MS + 4000 });

    await field(page, "Email").fill(account.email);
    await field(page, "Password").fill("my brand new password");
    await page.getByRole("button", { name: "Log In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The same link a second time: the server's message shows.
    await page.goto(`${url.pathname}${url.search}`);
    await field(page, "New password").fill("yet another password");
    await field(page, "Confirm new password").fill("yet another password");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText(MSG.resetTokenInvalid)).toBeVisible();
  });
});
