import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PresentedDeal } from "@shared/deal/presented-deal";
import { selectedStructure } from "@shared/deal/selected-structure";
import { writeField } from "@shared/live/quote-doc";
import { HANDOFF_MSG, INTEGRATIONS_TEXT, type TestLeadResult } from "@shared/schemas/handoff";
import type { QuoteData, ShopperChoice } from "@shared/schemas/quote-schema";
import { eq } from "drizzle-orm";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterEach, describe, expect, it } from "vitest";
import { dealerships } from "../db/schema";
import { acceptAsShown } from "../test-support/accept-quote";
import { createDealer } from "../test-support/fixtures";
import {
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
} from "../test-support/live-test-kit";
import { readMail } from "../test-support/read-mail";
import { freePort } from "../test-support/services";
import { type SmtpSink, startSmtp } from "../test-support/smtp-sink";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { startReceiver, waitUntil } from "../test-support/webhook-receiver";

// Issue #39: one ADF 1.0 lead per acceptance, mailed through a real SMTP server on loopback to the
// CRM lead address, read back with a real XML parser and checked element by element against the
// accepted version's figures.

let h: LiveHarness | undefined;
let t: TestApp | undefined;
let smtp: SmtpSink | undefined;
afterEach(async () => {
  await h?.stop();
  await t?.cleanup();
  await smtp?.close();
  h = undefined;
  t = undefined;
  smtp = undefined;
});

const APP_URL = "https://deals.example-motors.test";
const LEAD_ADDRESS = "leads@crm.example.com";
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  parseTagValue: false,
  trimValues: true,
});

type Node = Record<string, unknown>;
const textOf = (node: unknown): string =>
  typeof node === "string" ? node : String((node as Node | undefined)?.["#text"] ?? "");
/** An RFC 2047 header ("=?UTF-8?Q?Lead=3A_…?=") as text. */
const decodeHeader = (value: string) =>
  value.replace(/\?=\s+=\?UTF-8\?Q\?/g, "").replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, q: string) =>
    Buffer.from(
      q
        .replace(/_/g, " ")
        .replace(/=([0-9A-F]{2})/g, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8"),
  );
const money = (cents: number) => (cents / 100).toFixed(2);

describe("ADF/XML leads to the CRM", () => {
  it("mails one ADF 1.0 lead per acceptance that parses and carries the accepted deal's figures exactly, every value escaped", async () => {
    smtp = await startSmtp();
    h = await startLiveHarness({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`, APP_URL },
    });
    const { token, user } = await h.dealer();
    h.db
      .update(dealerships)
      .set({ dealershipName: `Lee & Sons "Motors" <North>`, phoneNumber: "5125550100" })
      .where(eq(dealerships.id, user.dealershipId))
      .run();
    const set = await h.api(
      "PUT",
      "/api/integrations/lead-address",
      { address: " Leads@CRM.example.com " },
      token,
    );
    expect(set.status).toBe(200);
    expect(((await set.json()) as { leadAddress: { url: string } }).leadAddress.url).toBe(LEAD_ADDRESS);

    const id = await createQuoteVia(h, token, {
      vehicle: {
        description: "2022 Toyota RAV4 XLE Premium",
        color: "Blue & Grey",
        mileage: 18250,
        stockNumber: "T<42>&1",
        vin: "2T3P1RFV8NW123456",
        advertisedUrl: "",
        isNew: false,
      },
      pricing: { advertisedPrice: 31999.99, discount: 1000 },
    });
    const dealer = connectClient(h, id, { token });
    const priv = connectClient(h, id, { token, private: true });
    await Promise.all([synced(dealer), synced(priv)]);
    writeField(dealer.deal, "tradeIn", {
      hasTradeIn: true,
      vehicle: {
        description: "2015 Ford Focus SE",
        vin: "1FADP3F20FL123456",
        mileage: 91000,
        condition: "Good",
        value: 6200,
      },
    });
    writeField(dealer.deal, "amountOwedOnTradeIn", 1850.5);
    await eventually(async () => {
      const quote = (await (await h?.api("GET", `/api/quotes/${id}`, undefined, token))?.json()) as {
        data: { amountOwedOnTradeIn: number };
      };
      expect(quote.data.amountOwedOnTradeIn).toBe(1850.5);
    });
    destroyClient(dealer);
    destroyClient(priv);

    // Issue #46: a structure and a term, accepted with the fingerprint of the deal as shown.
    const structure: ShopperChoice = { structure: "finance", months: 60 };
    const accepted = await acceptAsShown(h.api, id, {
      name: "Zoë O'Brien-Smith",
      phone: "15551234567",
      email: "zoe+deals@example.com",
      structure,
    });
    expect(accepted.status).toBe(201);
    const { version } = (await accepted.json()) as { version: number };
    const stored = (await (
      await h.api("GET", `/api/quotes/${id}/versions/${version}`, undefined, token)
    ).json()) as {
      fingerprint: string;
      createdAt: string;
      snapshot: {
        data: QuoteData;
        choice: ShopperChoice;
        breakdown: { outTheDoorPrice: number };
        selected: PresentedDeal;
      };
    };

    const mail = await waitUntil(() => smtp?.received.find((m) => m.to.includes(LEAD_ADDRESS)));
    const read = readMail(mail.raw);
    expect(decodeHeader(read.subject)).toBe("Lead: 2022 Toyota RAV4 XLE Premium for Zoë O'Brien-Smith");
    expect(mail.raw).toMatch(/^Content-Type: text\/plain/im);
    // The part ends where the MIME boundary's own line break begins.
    const xml = `${read.text.trimEnd()}\n`;
    expect(read.attachments).toEqual([
      { filename: "lead.xml", contentType: "application/xml", content: xml },
    ]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n<adf>')).toBe(true);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain("Lee &amp; Sons &quot;Motors&quot; &lt;North&gt;");
    expect(xml).toContain("<stock>T&lt;42&gt;&amp;1</stock>");

    const prospect = (parser.parse(xml) as { adf: { prospect: Node } }).adf.prospect;
    expect(prospect["@_status"]).toBe("new");
    expect(prospect.id).toEqual({ "#text": stored.fingerprint, "@_sequence": "1", "@_source": "DealDesk" });
    const requestdate = String(prospect.requestdate);
    expect(requestdate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(Math.abs(Date.parse(requestdate) - Date.parse(stored.createdAt))).toBeLessThan(1000);

    const [bought, trade] = prospect.vehicle as [Node, Node];
    expect(bought).toMatchObject({
      "@_interest": "buy",
      "@_status": "used",
      year: "2022",
      make: "Toyota",
      model: "RAV4",
      trim: "XLE Premium",
      vin: "2T3P1RFV8NW123456",
      stock: "T<42>&1",
      odometer: { "#text": "18250", "@_status": "original", "@_units": "mi" },
      colorcombination: { exteriorcolor: "Blue & Grey" },
    });
    // The accepted structure's figures, from the one calculator.
    const { data, choice } = stored.snapshot;
    const selection = selectedStructure({ ...data, shopperChoice: choice }).selection;
    if (selection.kind !== "finance") throw new Error("expected the accepted finance structure");
    expect(bought.price).toEqual({
      "#text": money(selection.result.amountFinanced + selection.downCents),
      "@_type": "quote",
      "@_currency": "USD",
    });
    const finance = bought.finance as Node;
    expect(finance.method).toBe("finance");
    expect(finance.amount).toEqual([
      { "#text": money(selection.result.payment), "@_type": "monthly", "@_currency": "USD" },
      { "#text": money(selection.downCents), "@_type": "downpayment", "@_currency": "USD" },
    ]);
    // Issue #46: the very deal the version presents (what the shopper saw and accepted).
    const { selected } = stored.snapshot;
    expect(selected).toMatchObject({ structure: "finance", months: 60 });
    expect(selection.result.payment).toBe(Math.round((selected.monthlyPayment ?? 0) * 100));
    expect(selection.downCents).toBe(Math.round(selected.down * 100));
    expect(finance.balance).toBeUndefined();

    expect(trade).toMatchObject({
      "@_interest": "trade-in",
      "@_status": "used",
      model: "2015 Ford Focus SE",
      vin: "1FADP3F20FL123456",
      odometer: { "#text": "91000" },
      price: { "#text": "6200.00", "@_type": "appraisal", "@_currency": "USD" },
      finance: {
        method: "finance",
        balance: { "#text": "1850.50", "@_type": "finance", "@_currency": "USD" },
      },
    });

    const customer = prospect.customer as Node;
    const contact = customer.contact as Node;
    expect(contact.name).toEqual([
      { "#text": "Zoë", "@_part": "first" },
      { "#text": "O'Brien-Smith", "@_part": "last" },
    ]);
    expect(contact.email).toBe("zoe+deals@example.com");
    expect(contact.phone).toEqual({ "#text": "1 (555) 123-4567", "@_type": "voice" });
    const comments = textOf(customer.comments);
    expect(comments).toContain(selected.text);
    expect(selected.text).toMatch(/^Finance, 60 months, /);
    expect(comments).toContain(
      `Out the door: $${Number(money(stored.snapshot.breakdown.outTheDoorPrice)).toLocaleString("en-US", { minimumFractionDigits: 2 })}.`,
    );
    expect(comments).toContain(`Quote: ${APP_URL}/quote/${id}?view=dealer`);

    const vendor = prospect.vendor as Node;
    expect(vendor.vendorname).toBe(`Lee & Sons "Motors" <North>`);
    expect(vendor.contact).toEqual({
      name: { "#text": `${user.firstName} ${user.lastName}`, "@_part": "full" },
      email: user.email,
      phone: { "#text": "5125550100", "@_type": "voice" },
    });
    expect(prospect.provider).toEqual({ name: { "#text": "DealDesk", "@_part": "full" }, url: APP_URL });
    expect(smtp.received.filter((m) => m.to.includes(LEAD_ADDRESS))).toHaveLength(1);

    // The delivery log shows it, with the SMTP server's answer.
    const integrations = (await (await h.api("GET", "/api/integrations", undefined, token)).json()) as {
      leadAddress: { id: string };
    };
    const log = (await (
      await h.api(
        "GET",
        `/api/integrations/endpoints/${integrations.leadAddress.id}/deliveries`,
        undefined,
        token,
      )
    ).json()) as { event: string; statusCode: number; ok: boolean }[];
    expect(log).toMatchObject([{ event: "quote.accepted", statusCode: 250, ok: true }]);

    // Send test lead: a made-up deal to the same address, which parses too.
    // The answer comes once the mail server took the test lead (#51), with its answer.
    const tested = await h.api("POST", "/api/integrations/lead-address/test", {}, token);
    expect(tested.status).toBe(200);
    const test = smtp.received.filter((m) => m.to.includes(LEAD_ADDRESS))[1];
    if (!test) throw new Error("the test lead was not at the mail server when the answer came");
    const result = (await tested.json()) as TestLeadResult;
    expect(result.outcome).toBe("sent");
    expect(result.message).toMatch(
      /^The mail server accepted the test lead for leads@crm\.example\.com \(250 [^)]*\)\.$/,
    );
    const testMail = readMail(test.raw);
    expect(testMail.subject).toBe("Test lead from DealDesk");
    expect(XMLValidator.validate(testMail.text)).toBe(true);
  }, 60_000);

  it("mails an ADF lead for a payment request a shopper sends live, and webhooks get quote.payment_requested with the same id", async () => {
    smtp = await startSmtp();
    const receiver = await startReceiver();
    try {
      h = await startLiveHarness({
        env: {
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`,
          APP_URL,
          WEBHOOKS_ALLOW_HTTP: "true",
          WEBHOOKS_ALLOW_PRIVATE: "true",
          // Issue #47: a second request within the minute, its lead 1.2 s after the first one's.
          PAYMENT_REQUESTS_PER_MINUTE: "2",
          PAYMENT_REQUEST_LEAD_MINUTES: "0.02",
        },
      });
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
      const id = await createQuoteVia(h, token);
      // The dealer's customer record names the lead's customer.
      const priv = connectClient(h, id, { token, private: true });
      await synced(priv);
      writeField(priv.deal, "customerInfo", {
        name: "Pat Shopper",
        email: "pat@example.com",
        phone: "15551234567",
      });
      const shopper = connectClient(h, id);
      await synced(shopper);
      writeField(shopper.deal, "paymentRequest", {
        amount: 450,
        structure: "finance",
        note: "Can you do 450? <soon> & thanks",
      });

      const mail = await waitUntil(() => smtp?.received.find((m) => m.to.includes(LEAD_ADDRESS)));
      const read = readMail(mail.raw);
      expect(decodeHeader(read.subject)).toBe("Payment request: 2021 Honda Civic EX for Pat Shopper");
      const xml = `${read.text.trimEnd()}\n`;
      expect(XMLValidator.validate(xml)).toBe(true);
      const prospect = (parser.parse(xml) as { adf: { prospect: Node } }).adf.prospect;
      const hooked = await waitUntil(() => receiver.received[0]);
      const eventId = String(hooked.headers["webhook-id"]);
      // One id for the request, in the lead and the webhook alike: each request is a lead of its own.
      expect(prospect.id).toEqual({ "#text": eventId, "@_sequence": "1", "@_source": "DealDesk" });
      const customer = prospect.customer as Node;
      expect((customer.contact as Node).name).toEqual([
        { "#text": "Pat", "@_part": "first" },
        { "#text": "Shopper", "@_part": "last" },
      ]);
      const comments = textOf(customer.comments);
      expect(comments).toMatch(
        /^Customer asks for \$450\.00\/mo \(Finance, \d+ mo, \$[\d,.]+ down\): 'Can you do 450\? <soon> & thanks'\. /,
      );
      expect(comments).toContain(`Quote: ${APP_URL}/quote/${id}?view=dealer`);
      expect(xml).toContain("&lt;soon&gt; &amp; thanks");

      const body = JSON.parse(hooked.body) as { type: string; data: Record<string, unknown> };
      expect(body.type).toBe("quote.payment_requested");
      expect(body.data.paymentRequest).toEqual({
        amount: 450,
        structure: "finance",
        note: "Can you do 450? <soon> & thanks",
        text: comments.slice(0, comments.indexOf("'. ") + 1),
      });
      expect(body.data.quote).toMatchObject({ id, url: `${APP_URL}/quote/${id}?view=dealer` });
      expect(body.data.customer).toEqual({
        name: "Pat Shopper",
        email: "pat@example.com",
        phone: "15551234567",
      });

      // A new request replaces the previous one: a second lead once the quote's window is over,
      // with an id of its own.
      writeField(shopper.deal, "paymentRequest", { amount: 425, structure: "finance", note: "" });
      const second = await waitUntil(() => smtp?.received.filter((m) => m.to.includes(LEAD_ADDRESS))[1]);
      const secondProspect = (parser.parse(readMail(second.raw).text) as { adf: { prospect: Node } }).adf
        .prospect;
      expect(textOf((secondProspect.customer as Node).comments)).toMatch(
        /^Customer asks for \$425\.00\/mo \(Finance, /,
      );
      expect(textOf(secondProspect.id)).not.toBe(eventId);
      destroyClient(shopper);
      destroyClient(priv);
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it("retries a lead the mail server did not take, and shows each attempt in the delivery log", async () => {
    const port = await freePort();
    t = createTestApp(
      {
        handoff: {
          allowHttp: false,
          allowPrivate: false,
          retryDelaysMs: [300, 300, 300],
          timeoutMs: 2000,
          pollMs: 50,
          disableAfterMs: 86_400_000,
          paymentRequestWindowMs: 600_000,
        },
      },
      { SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`, APP_URL },
    );
    const { token } = await createDealer(t);
    expect((await t.call("POST", "/api/integrations/lead-address/test", {}, token)).status).toBe(400);
    expect(
      (
        (await (await t.call("POST", "/api/integrations/lead-address/test", {}, token)).json()) as {
          message: string;
        }
      ).message,
    ).toBe(HANDOFF_MSG.leadAddressMissing);
    const set = (await (
      await t.call("PUT", "/api/integrations/lead-address", { address: LEAD_ADDRESS }, token)
    ).json()) as { leadAddress: { id: string } };
    // Nothing listens yet: the answer says the lead was not sent, and why.
    const tested = await t.call("POST", "/api/integrations/lead-address/test", {}, token);
    expect(tested.status).toBe(200);
    const result = (await tested.json()) as TestLeadResult;
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(
      /^The test lead was not sent: .*ECONNREFUSED.*\. It is tried again on the usual schedule; see the delivery log below\.$/,
    );
    const logUrl = `/api/integrations/endpoints/${set.leadAddress.id}/deliveries`;
    type Row = { ok: boolean; attempt: number; deliveryStatus: string; response: string };
    const failed = await waitUntil(async () => {
      const rows = (await (await t?.call("GET", logUrl, undefined, token))?.json()) as Row[];
      return rows.length > 0 ? rows : undefined;
    });
    expect(failed[0]).toMatchObject({ ok: false, attempt: 1, deliveryStatus: "pending" });
    expect(failed[0]?.response).toMatch(/ECONNREFUSED/);
    smtp = await startSmtp(port);
    await waitUntil(() => smtp?.received[0]);
    const log = await waitUntil(async () => {
      const rows = (await (await t?.call("GET", logUrl, undefined, token))?.json()) as Row[];
      return rows[0]?.ok ? rows : undefined;
    });
    expect(log.map((row) => [row.attempt, row.ok, row.deliveryStatus])).toEqual([
      [2, true, "delivered"],
      [1, false, "delivered"],
    ]);
  }, 30_000);

  it("without a mail server, a test lead is said to be written to the outbox, with the file, never 'sent'", async () => {
    t = createTestApp({}, { APP_URL });
    const { token } = await createDealer(t);
    expect(
      (await t.call("PUT", "/api/integrations/lead-address", { address: LEAD_ADDRESS }, token)).status,
    ).toBe(200);
    const tested = await t.call("POST", "/api/integrations/lead-address/test", {}, token);
    expect(tested.status).toBe(200);
    const result = (await tested.json()) as TestLeadResult;
    expect(result.outcome).toBe("outbox");
    const file = /written to (.+\.eml) on the server\.$/.exec(result.message)?.[1] ?? "";
    expect(path.dirname(file)).toBe(path.join(t.dataDir, "outbox"));
    expect(result.message).toBe(INTEGRATIONS_TEXT.testLeadOutbox(file));
    expect(result.message).toBe(
      `No mail server is set up (SMTP_URL), so the test lead was not sent: it was written to ${file} on the server.`,
    );
    expect(existsSync(file)).toBe(true);
    expect(readMail(readFileSync(file, "utf8")).subject).toBe("Test lead from DealDesk");
  });
});
