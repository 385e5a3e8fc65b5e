import { startReceiver } from "../server/test-support/webhook-receiver";
import { INTEGRATIONS_TEXT as T } from "../shared/schemas/handoff";
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { registerDealerViaApi, signInAs } from "./support/api";

// Issue #39 in settings: the owner sets the CRM lead address, adds a webhook endpoint (its secret
// shown once), sends a test event to a real receiver and reads the delivery log.

test("an owner connects the CRM lead address and a webhook, and sees the test event delivered", async ({
  page,
  request,
}) => {
  const receiver = await startReceiver();
  try {
    const owner = await registerDealerViaApi(request);
    await signInAs(page, owner);
    await page.goto("/settings/integrations");
    await expect(page.getByRole("heading", { level: 2, name: T.title })).toBeVisible();

    await page.getByLabel(T.leadLabel).fill("leads@crm.example.com");
    await page.getByRole("button", { name: T.save }).click();
    await expect(page.getByText(T.leadSaved)).toBeVisible();
    await page.getByRole("button", { name: T.sendTestLead }).click();
    // No SMTP_URL on the e2e server: the banner says the lead was written to the outbox, not sent.
    const [before, after] = T.testLeadOutbox("\u0000").split("\u0000") as [string, string];
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(page.getByText(new RegExp(`^${escaped(before)}.+\\.eml${escaped(after)}$`))).toBeVisible();

    await page.getByRole("button", { name: T.addEndpoint }).click();
    await page.getByLabel(T.urlLabel).fill(receiver.url);
    await page.getByLabel(/^quote\.created/).check();
    await page.getByRole("button", { name: T.create }).click();
    const dialog = page.getByRole("dialog", { name: T.secretTitle });
    await expect(dialog.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: T.secretDone }).click();

    const endpoint = page.getByTestId("webhook-endpoint");
    await expect(endpoint).toContainText(receiver.url);
    await expect(endpoint).toContainText("quote.created, quote.accepted");
    await endpoint.getByRole("button", { name: T.sendTestEvent }).click();
    await expect(page.getByText(T.testEventSent)).toBeVisible();
    await expect.poll(() => receiver.received.length).toBe(1);
    await endpoint.getByRole("button", { name: T.showLog }).click();
    const row = endpoint.getByTestId("delivery-row");
    await expect(row).toContainText("webhook.test");
    await expect(row).toContainText("200");
    await expectNoSeriousA11yViolations(page);
  } finally {
    await receiver.close();
  }
});
