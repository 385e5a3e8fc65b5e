import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { HANDOFF_MSG, TEST_LEAD_DEALERSHIP } from "@shared/schemas/handoff";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { dealerships } from "../db/schema";
import { createDealer } from "../test-support/fixtures";
import { readMail } from "../test-support/read-mail";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { waitUntil } from "../test-support/webhook-receiver";

// Issue #47: Settings → Integrations cannot be turned against others: no address that reaches
// this machine or its network in any IPv6 spelling, and test sends capped per dealership.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("refuses webhook URLs at every IPv6 spelling of loopback and of private networks, and saves none", async () => {
  t = createTestApp();
  const { token } = await createDealer(t);
  for (const host of [
    "[::127.0.0.1]",
    "[::ffff:0:7f00:1]",
    "[64:ff9b::7f00:1]",
    "[2002:7f00:1::]",
    "[::ffff:127.0.0.1]",
    "[64:ff9b:1::a00:1]",
    "[2001:0:4136:e378:8000:63bf:80ff:fffe]",
    "[2002:c0a8:101::1]",
    "[fd00::1]",
    "[fe80::1]",
    "[::]",
  ]) {
    const res = await t.call(
      "POST",
      "/api/integrations/webhooks",
      {
        url: `https://${host}/hook`,
        events: ["quote.created"],
      },
      token,
    );
    expect(res.status, host).toBe(400);
    const body = (await res.json()) as { message: string; errors: { field: string }[] };
    // The message names the host as the URL reads it (::127.0.0.1 is written ::7f00:1).
    expect(body.message).toBe(HANDOFF_MSG.privateAddress(new URL(`https://${host}/`).hostname.slice(1, -1)));
    expect(body.errors[0]?.field).toBe("url");
  }
  const listed = (await (await t.call("GET", "/api/integrations", undefined, token)).json()) as {
    webhooks: unknown[];
  };
  expect(listed.webhooks).toEqual([]);
});

it("sends at most 5 test leads an hour per dealership, naming no dealership the owner typed", async () => {
  t = createTestApp();
  const { user, token } = await createDealer(t);
  t.db
    .update(dealerships)
    .set({ dealershipName: "Buy cheap pills at spam.example" })
    .where(eq(dealerships.id, user.dealershipId))
    .run();
  expect(
    (await t.call("PUT", "/api/integrations/lead-address", { address: "victim@example.com" }, token)).status,
  ).toBe(200);
  const statuses: number[] = [];
  let refused: Response | undefined;
  for (let i = 0; i < 30; i++) {
    const res = await t.call("POST", "/api/integrations/lead-address/test", {}, token);
    statuses.push(res.status);
    if (res.status === 429) refused ??= res;
  }
  expect(statuses).toEqual([...Array(5).fill(200), ...Array(25).fill(429)]);
  expect(Number(refused?.headers.get("Retry-After"))).toBeGreaterThan(3500);
  expect(await refused?.json()).toEqual({ message: "At most 5 test leads an hour; please try again later" });

  const outbox = path.join(t.dataDir, "outbox");
  const mails = await waitUntil(() => {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    return files.length >= 5
      ? files.map((f) => readMail(readFileSync(path.join(outbox, f), "utf8")))
      : undefined;
  });
  expect(mails).toHaveLength(5);
  for (const mail of mails) {
    expect(mail.text).not.toContain("spam.example");
    expect(mail.text).toContain(`<vendorname>${TEST_LEAD_DEALERSHIP}</vendorname>`);
  }
  // Another dealership has its own five.
  const other = await createDealer(t);
  await t.call("PUT", "/api/integrations/lead-address", { address: "crm@example.com" }, other.token);
  expect((await t.call("POST", "/api/integrations/lead-address/test", {}, other.token)).status).toBe(200);
});

it("sends at most 10 test events an hour per dealership, across its endpoints", async () => {
  t = createTestApp({}, { WEBHOOKS_ALLOW_PRIVATE: "true", WEBHOOKS_ALLOW_HTTP: "true" });
  const { token } = await createDealer(t);
  const ids: string[] = [];
  for (const port of [9, 10]) {
    const res = await t.call(
      "POST",
      "/api/integrations/webhooks",
      {
        url: `http://127.0.0.1:${port}/hook`,
        events: ["quote.created"],
      },
      token,
    );
    ids.push(((await res.json()) as { endpoint: { id: string } }).endpoint.id);
  }
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++)
    statuses.push((await t.call("POST", `/api/integrations/webhooks/${ids[i % 2]}/test`, {}, token)).status);
  expect(statuses).toEqual([...Array(10).fill(202), ...Array(20).fill(429)]);
  const refused = await t.call("POST", `/api/integrations/webhooks/${ids[0]}/test`, {}, token);
  expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
  expect(await refused.json()).toEqual({ message: "At most 10 test events an hour; please try again later" });
});
