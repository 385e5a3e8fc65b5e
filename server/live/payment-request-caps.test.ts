import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { dealArray, dealDocName, writeField } from "@shared/live/quote-doc";
import { paymentRequestWaitMs } from "@shared/schemas/payment-request";
import { PAYMENT_REQUEST_TEXT } from "@shared/text/solve-text";
import { and, eq, isNull } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { afterEach, describe, expect, it } from "vitest";
import type { LiveBounds } from "../config";
import { paymentRequests } from "../db/schema";
import { registry } from "../metrics/metrics";
import {
  connectClient,
  craftUpdate,
  createQuoteVia,
  destroyClient,
  type LiveHarness,
  rawSocket,
  sameState,
  startLiveHarness,
  storedDoc,
  synced,
} from "../test-support/live-test-kit";
import { readMail } from "../test-support/read-mail";
import { type SmtpSink, smtpUrl, startSmtp } from "../test-support/smtp-sink";
import { type Receiver, startReceiver, waitUntil } from "../test-support/webhook-receiver";

// Issue #47: nothing a link holder does multiplies mail or webhooks. Real parts throughout: the
// server on a temp SQLite file, stock y-websocket providers and bare sockets, a real SMTP server
// standing for the CRM's lead inbox and a real webhook receiver. A flood of payment requests on
// one socket gives one lead and one webhook; other devices on the quote are capped with it; the
// requests made within the CRM window go out as one lead when it ends, after a restart too.

const LEAD_ADDRESS = "leads@crm.example.com";
const APP_URL = "https://deals.example-motors.test";
const DEVICE = (n: number) => `device-${String(n).padStart(12, "0")}`;

let h: LiveHarness | undefined;
let smtp: SmtpSink | undefined;
let receiver: Receiver | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await h?.stop();
  await smtp?.close();
  await receiver?.close();
  h = undefined;
  smtp = undefined;
  receiver = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type Setup = { env?: NodeJS.ProcessEnv; liveBounds?: Partial<LiveBounds>; dataDir?: string };
const harnessOptions = (setup: Setup) => ({
  dataDir: setup.dataDir,
  liveBounds: setup.liveBounds,
  env: {
    SMTP_URL: smtp ? smtpUrl(smtp) : "",
    APP_URL,
    WEBHOOKS_ALLOW_HTTP: "true",
    WEBHOOKS_ALLOW_PRIVATE: "true",
    ...setup.env,
  },
});

/** The CRM's inbox, a webhook receiver, and a dealer with a lead address and a payment-request webhook. */
async function start(setup: Setup = {}) {
  smtp = await startSmtp();
  receiver = await startReceiver();
  h = await startLiveHarness(harnessOptions(setup));
  const { token } = await h.dealer();
  expect(
    (await h.api("PUT", "/api/integrations/lead-address", { address: LEAD_ADDRESS }, token)).status,
  ).toBe(200);
  const hook = await h.api(
    "POST",
    "/api/integrations/webhooks",
    { url: receiver.url, events: ["quote.payment_requested"] },
    token,
  );
  expect(hook.status).toBe(201);
  return { harness: h, token };
}

const leads = () => smtp?.received.filter((mail) => mail.to.includes(LEAD_ADDRESS)) ?? [];
const hooks = () => receiver?.received ?? [];
const rowsOf = (harness: LiveHarness, quoteId: string) =>
  harness.db.select().from(paymentRequests).where(eq(paymentRequests.quoteId, quoteId)).all();

async function refusedCount(): Promise<number> {
  const metric = await registry.getSingleMetric("dealdesk_live_updates_refused_total")?.get();
  return metric?.values.find((v) => v.labels.reason === "too many payment requests")?.value ?? 0;
}

async function dealOf(harness: LiveHarness, id: string, token: string) {
  const res = await harness.api("GET", `/api/quotes/${id}`, undefined, token);
  return ((await res.json()) as { data: { paymentRequest?: unknown } }).data;
}

/** A stock provider that keeps the reason of the close that ended it. */
function shopperClient(harness: LiveHarness, id: string, device?: string) {
  const client = connectClient(harness, id, device ? { device } : {});
  const ended: { code: number; reason: string }[] = [];
  client.provider.on("closed", (event) => ended.push(event));
  return { ...client, ended };
}

/**
 * One request from a bare socket (another device, or none): "taken" once it is stored, or how its
 * socket was closed.
 */
async function requestFrom(harness: LiveHarness, id: string, amount: number, device?: string) {
  const stored = rowsOf(harness, id).length;
  const raw = await rawSocket(harness, dealDocName(id), device ? { device } : {});
  let closed: { code: number; reason: string } | undefined;
  void raw.closed.then((how) => {
    closed = how;
  });
  raw.ws.send(
    craftUpdate(raw.doc, (copy) =>
      writeField(dealArray(copy), "paymentRequest", { amount, structure: "finance", note: "" }),
    ),
  );
  const outcome = await waitUntil(
    () => closed ?? (rowsOf(harness, id).length > stored ? ("taken" as const) : undefined),
  );
  raw.ws.close();
  return outcome;
}

const quiet = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("payment request caps and the CRM (issue #47)", () => {
  it("a flood of 1,000 requests on one socket mails the CRM one lead and sends one webhook; the socket closes at the first one over the cap; other devices are capped with it; nothing refused is kept", async () => {
    const { harness, token } = await start();
    const id = await createQuoteVia(harness, token);
    const refusedBefore = await refusedCount();

    const flood = shopperClient(harness, id, DEVICE(1));
    await synced(flood);
    for (let i = 0; i < 1000; i += 1)
      writeField(flood.deal, "paymentRequest", { amount: 300 + i, structure: "finance", note: `#${i}` });
    const closed = await waitUntil(() => flood.ended[0]);
    expect(closed.code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect(closed.reason).toMatch(/^Too many payment requests: wait \d+ s$/);
    const wait = paymentRequestWaitMs(closed.reason) ?? 0;
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    destroyClient(flood);

    // The first request is the deal's, stored once; nothing of the other 999.
    expect(await dealOf(harness, id, token)).toMatchObject({
      paymentRequest: { amount: 300, structure: "finance", note: "#0" },
    });
    expect(rowsOf(harness, id)).toHaveLength(1);
    expect((await refusedCount()) - refusedBefore).toBe(1);

    // Other devices on the quote, and a page that names none: the quote's cap refuses each, and
    // the stored document is the same before and after.
    const before = storedDoc(harness, dealDocName(id));
    for (const device of [DEVICE(2), DEVICE(3), DEVICE(4), undefined]) {
      const other = await requestFrom(harness, id, 250, device);
      expect(other).toMatchObject({ code: LIVE_CLOSE_CODES.changeRefused });
      expect(other === "taken" ? "" : other.reason).toMatch(/^Too many payment requests: wait \d+ s$/);
    }
    // A stock provider of another device alike: closed for good, its request nowhere.
    const second = shopperClient(harness, id, DEVICE(5));
    await synced(second);
    writeField(second.deal, "paymentRequest", { amount: 275, structure: "finance", note: "" });
    expect((await waitUntil(() => second.ended[0])).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    destroyClient(second);
    expect((await refusedCount()) - refusedBefore).toBe(6);
    expect(sameState(storedDoc(harness, dealDocName(id)), before)).toBe(true);
    expect(rowsOf(harness, id)).toHaveLength(1);

    // The CRM gets one lead and the webhook one event, for the one request taken.
    const lead = await waitUntil(() => leads()[0]);
    const hook = await waitUntil(() => hooks()[0]);
    await quiet(2500);
    expect(leads()).toHaveLength(1);
    expect(hooks()).toHaveLength(1);
    expect(readMail(lead.raw).text).toContain("Customer asks for $300.00/mo (Finance, ");
    const body = JSON.parse(hook.body) as {
      data: { paymentRequest: { amount: number }; paymentRequests: unknown[] };
    };
    expect(body.data.paymentRequest.amount).toBe(300);
    expect(body.data.paymentRequests).toHaveLength(1);
    // The history holds the one request.
    expect(await requestedAmounts(harness, id, token)).toEqual(["$300.00/mo"]);
  }, 60_000);

  it("a device's requests count across quotes; a page that names no device counts by its address", async () => {
    const { harness, token } = await start();
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createQuoteVia(harness, token)));
    if (!a || !b || !c || !d) throw new Error("four quotes");
    expect(await requestFrom(harness, a, 400, DEVICE(7))).toBe("taken");
    expect(await requestFrom(harness, b, 400, DEVICE(7))).toMatchObject({
      code: LIVE_CLOSE_CODES.changeRefused,
    });
    expect(rowsOf(harness, b)).toHaveLength(0);
    // Another device's first request on that quote is taken.
    expect(await requestFrom(harness, b, 410, DEVICE(8))).toBe("taken");
    // No device: counted by the address, whatever quote.
    expect(await requestFrom(harness, c, 420)).toBe("taken");
    expect(await requestFrom(harness, d, 420)).toMatchObject({ code: LIVE_CLOSE_CODES.changeRefused });
    expect(rowsOf(harness, d)).toHaveLength(0);
  }, 60_000);

  it("requests within the CRM window fold into the next lead, sent when it ends (a restart loses none), with the latest figures and each request; the history keeps each", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-requests-"));
    dirs.push(dataDir);
    // The caps allow one request every 200 ms; the CRM gets at most one lead per 3 s.
    const setup: Setup = {
      dataDir,
      env: { PAYMENT_REQUEST_LEAD_MINUTES: "0.05" },
      liveBounds: { paymentRequestCaps: [{ max: 1, windowMs: 200 }] },
    };
    const started = await start(setup);
    let harness = started.harness;
    const { token } = started;
    const id = await createQuoteVia(harness, token);
    const shopper = shopperClient(harness, id, DEVICE(9));
    await synced(shopper);
    writeField(shopper.deal, "paymentRequest", { amount: 450, structure: "finance", note: "First" });
    const first = await waitUntil(() => hooks()[0]);
    await waitUntil(() => leads()[0]);
    for (const [amount, note] of [
      [440, "Second"],
      [430, "Third"],
    ] as const) {
      await quiet(250);
      writeField(shopper.deal, "paymentRequest", { amount, structure: "finance", note });
    }
    await waitUntil(() => (rowsOf(harness, id).length === 3 ? true : undefined));
    expect(shopper.ended).toEqual([]);
    destroyClient(shopper);
    const held = harness.db
      .select()
      .from(paymentRequests)
      .where(and(eq(paymentRequests.quoteId, id), isNull(paymentRequests.leadEventId)))
      .all();
    expect(held.map((row) => (JSON.parse(row.request) as { amount: number }).amount)).toEqual([440, 430]);
    expect(hooks()).toHaveLength(1);

    // The server stops with two requests held; started again, it sends them when the window ends.
    await harness.stop();
    h = undefined;
    h = await startLiveHarness(harnessOptions(setup));
    harness = h;
    const restartedAt = Date.now();
    const second = await waitUntil(() => hooks()[1], 10_000);
    expect(second.at).toBeGreaterThanOrEqual(restartedAt);
    expect(second.at - first.at).toBeGreaterThanOrEqual(2500);
    const body = JSON.parse(second.body) as {
      data: {
        paymentRequest: Record<string, unknown>;
        paymentRequests: { amount: number; note: string; at: number; text: string }[];
      };
    };
    expect(body.data.paymentRequest).toMatchObject({ amount: 430, structure: "finance", note: "Third" });
    expect(body.data.paymentRequests.map((r) => [r.amount, r.note])).toEqual([
      [440, "Second"],
      [430, "Third"],
    ]);
    const [earlier, later] = body.data.paymentRequests;
    if (!earlier || !later) throw new Error("two requests");
    expect(earlier.at).toBeLessThan(later.at);
    expect(earlier.text).toMatch(/^Customer asks for \$440\.00\/mo \(Finance, .*\): 'Second'$/);

    const lead = await waitUntil(() => leads()[1]);
    const parser = new XMLParser({ parseTagValue: false, trimValues: true, ignoreAttributes: true });
    const prospect = (parser.parse(readMail(lead.raw).text) as { adf: { prospect: Prospect } }).adf.prospect;
    const comments = String(prospect.customer.comments);
    expect(comments).toMatch(
      /^Customer asks for \$430\.00\/mo \(Finance, \d+ mo, \$[\d,.]+ down\): 'Third'\. /,
    );
    expect(comments).toContain(`${PAYMENT_REQUEST_TEXT.folded(2, [earlier.text, later.text])}.`);
    // The lead names the latest request's event: the same id as the webhook's.
    expect(String(prospect.id)).toBe(second.headers["webhook-id"]);

    // Nothing more: two leads, two webhooks, however long.
    await quiet(3500);
    expect(leads()).toHaveLength(2);
    expect(hooks()).toHaveLength(2);
    expect(await requestedAmounts(harness, id, token)).toEqual(["$430.00/mo", "$440.00/mo", "$450.00/mo"]);
  }, 60_000);
});

type Prospect = { id: unknown; customer: { comments: unknown } };

/** The history's payment request amounts, newest first. */
async function requestedAmounts(harness: LiveHarness, id: string, token: string) {
  const res = await harness.api("GET", `/api/quotes/${id}/history`, undefined, token);
  const history = (await res.json()) as { events: { field: string; newValue: string | null }[] };
  return history.events.filter((e) => e.field === "paymentRequest.amount").map((e) => e.newValue);
}
