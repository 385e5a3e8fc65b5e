import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { readMail } from "../server/mail/read-mail";
import { MSG } from "../shared/messages";
import { E2E_DATA_DIR, expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { editAmount, expectConnected, lineValue } from "./quote-setup";
import { createQuoteViaApi, registerDealerViaApi, signInAs } from "./support/api";

// Issue #20, end to end: the owner invites a salesperson by email, who accepts and works a deal;
// the owner's desk log shows it with its salesperson; a removed member is cut off at once.

let counter = 0;

/** The newest invitation link sent to `to` (the server's outbox: no SMTP_URL in the e2e run). */
async function invitationLink(to: string): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, "outbox");
  let link: string | undefined;
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(outbox).map((file) => path.join(outbox, file));
      } catch {
        return undefined;
      }
      const mine = files
        .map((file) => ({ file, mail: readMail(readFileSync(file, "utf8")) }))
        .filter(({ mail }) => mail.to.includes(to))
        .sort((a, b) => statSync(b.file).mtimeMs - statSync(a.file).mtimeMs);
      link = /https?:\/\/\S+\/accept-invitation\?token=[\w%-]+/.exec(mine[0]?.mail.text ?? "")?.[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test("the owner invites a salesperson, who joins and works a deal; the desk log shows it; removal cuts them off", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000); // three browsers and a whole team's day
  const owner = await registerDealerViaApi(request, { firstName: "Olivia", lastName: "Owner" });
  await signInAs(page, owner);
  await page.goto("/settings/team");
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await expect(page.getByTestId("team-member")).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  const email = `sam-${Date.now()}-${process.pid}-${++counter}@example.com`;
  await page.getByRole("textbox", { name: "Email" }).fill(email);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expect(page.getByTestId("team-audit-entry").first()).toContainText(`${email} as salesperson`);

  // The invitee opens the emailed link in a browser of their own.
  const link = await invitationLink(email);
  const samContext = await browser.newContext();
  const sam = await samContext.newPage();
  await sam.goto(new URL(link).pathname + new URL(link).search);
  await expect(sam.getByRole("heading", { name: MSG.acceptInvitation })).toBeVisible();
  await expectNoSeriousA11yViolations(sam);
  await sam.getByRole("textbox", { name: /^First name/ }).fill("Sam");
  await sam.getByRole("textbox", { name: /^Last name/ }).fill("Seller");
  await sam.getByLabel("Password", { exact: false }).first().fill("a good long password");
  await sam.getByLabel("Confirm password").fill("a good long password");
  await sam.getByRole("button", { name: MSG.joinDealership }).click();
  await expect(sam).toHaveURL(/\/dashboard$/);
  // The link works once.
  const again = await request.post("/api/auth/accept-invitation", {
    data: {
      token: new URL(link).searchParams.get("token"),
      firstName: "X",
      lastName: "Y",
      password: "another long password",
    },
  });
  expect(again.status()).toBe(400);
  expect((await again.json()).message).toBe(MSG.invitationInvalid);

  // Sam creates a quote; the owner's desk log shows it with its salesperson, and filters by them.
  const samToken = (await sam.evaluate(() => window.localStorage.getItem("token"))) as string;
  const quoteId = await createQuoteViaApi(
    request,
    { token: samToken },
    { vehicle: { description: "2023 Subaru Outback Limited", mileage: 8 } },
  );
  await createQuoteViaApi(request, owner, { vehicle: { description: "2022 Ford F-150 XLT", mileage: 20 } });
  await page.goto("/dashboard");
  const samRow = page.getByRole("row").filter({ hasText: "2023 Subaru Outback Limited" });
  await expect(samRow.getByTestId("quote-salesperson")).toHaveText("Sam Seller");
  await expect(
    page.getByRole("row").filter({ hasText: "2022 Ford F-150 XLT" }).getByTestId("quote-salesperson"),
  ).toHaveText("Olivia Owner");
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("salesperson-filter").click();
  await page.getByRole("option", { name: "Sam Seller" }).click();
  await expect(page.getByRole("row").filter({ hasText: "2022 Ford F-150 XLT" })).toHaveCount(0);
  await expect(samRow).toBeVisible();

  // Sam works the deal with the shopper watching; the owner steps in live from the desk log.
  await sam.goto(`/quote/${quoteId}?view=dealer`);
  await expect(sam.getByRole("heading", { level: 1, name: "2023 Subaru Outback Limited" })).toBeVisible();
  await expectConnected(sam);
  await expect(sam.getByRole("button", { name: "Share" })).toBeVisible();
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/quote/${quoteId}`);
  await expectConnected(shopper);
  await page.goto("/dashboard");
  await page.getByRole("row").filter({ hasText: "2023 Subaru Outback Limited" }).click();
  await expect(page).toHaveURL(new RegExp(`/quote/${quoteId}\\?view=dealer`));
  await expectConnected(page);
  await expect(sam.getByTestId("teammates")).toHaveText("Also on this deal: Olivia (owner)");
  await editAmount(page, "discount", "750");
  await expect(lineValue(sam, "discount")).toHaveText("-$750.00", { timeout: 2_000 });
  await expect(lineValue(shopper, "discount")).toHaveText("-$750.00", { timeout: 2_000 });
  // Sam's history names who made the change.
  const samHistory = sam.getByTestId("history-panel").getByTestId("history-event");
  await expect(samHistory.first()).toContainText("Olivia (owner) set Discount to -$750.00", {
    timeout: 4_000,
  });
  // And on the owner's page, the same change is the owner's own.
  await expect(page.getByTestId("history-panel").getByTestId("history-event").first()).toContainText(
    "You set Discount to -$750.00",
  );
  await shopperContext.close();

  // The owner removes Sam, whose page is cut off within a second.
  await page.goto("/settings/team");
  await page.getByRole("button", { name: "Remove Sam Seller" }).click();
  const removed = page.waitForResponse(
    (res) => res.url().includes("/api/team/members/") && res.request().method() === "DELETE",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  expect((await removed).status()).toBe(204);
  const removedAt = Date.now();
  await expect(sam).toHaveURL(/\/login/, { timeout: 3_000 });
  expect(Date.now() - removedAt).toBeLessThan(1_000);
  await expect(page.getByText(MSG.memberRemoved)).toBeVisible();
  await expect(page.getByTestId("team-member")).toHaveCount(1);
  // And the API no longer knows the token.
  const me = await request.get("/api/auth/me", { headers: { Authorization: `Bearer ${samToken}` } });
  expect(me.status()).toBe(401);
  await samContext.close();
});
