import { HANDOFF_MSG, WEBHOOK_EVENT_TYPES } from "@shared/schemas/handoff";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../config";
import { acceptAsShown } from "../test-support/accept-quote";
import { joinTeam } from "../test-support/auth-test-support";
import { createDealer } from "../test-support/fixtures";
import { sampleQuote } from "../test-support/live-test-kit";
import { ACCORD_VIN, accordBody } from "../test-support/stock-vehicles";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { type Receiver, startReceiver, waitUntil } from "../test-support/webhook-receiver";

// Issue #39: webhooks against a real receiver on loopback. The settings the tests need (http, a
// loopback receiver, short retry waits) are set here; the defaults are strict (README).

const DAY = 24 * 3_600_000;
const testHandoff = (changes: Partial<Config["handoff"]> = {}): Partial<Config> => ({
  handoff: {
    allowHttp: true,
    allowPrivate: true,
    retryDelaysMs: [150, 150, 150],
    timeoutMs: 2000,
    pollMs: 50,
    disableAfterMs: 3 * DAY,
    paymentRequestWindowMs: 600_000,
    ...changes,
  },
});

let t: TestApp | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await t?.cleanup();
  await receiver?.close();
  t = undefined;
  receiver = undefined;
});

const accept = {
  name: "Pat O'Shopper",
  phone: "15551234567",
  email: "pat@example.com",
  // Issue #46: a structure and a term (an older page's `down` is accepted and not read).
  structure: { structure: "finance", down: 2000, months: 60 },
};

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect({ status: res.status, text }).toMatchObject({ status });
  return (text ? JSON.parse(text) : null) as T;
}

type Body = { type: string; timestamp: string; data: Record<string, unknown> };
const bodyOf = (r: { body: string }) => JSON.parse(r.body) as Body;

describe("webhooks", () => {
  it("sends each lifecycle event once, in order, signed so that standardwebhooks verifies it, with the deal's figures and the customer's contact", async () => {
    receiver = await startReceiver();
    t = createTestApp(testHandoff());
    const { token } = await createDealer(t);
    const created = await json<{ endpoint: { id: string; events: string[] }; secret: string }>(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES] },
        token,
      ),
      201,
    );
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret is shown once: the list never carries it.
    const listed = await (await t.call("GET", "/api/integrations", undefined, token)).text();
    expect(listed).not.toContain(created.secret);

    const { id } = await json<{ id: string }>(await t.call("POST", "/api/quotes", sampleQuote, token), 201);
    await json(await t.call("POST", `/api/quotes/${id}/shared`, { via: "email" }, token), 204);
    await json(await t.call("POST", `/api/quotes/${id}/opened`), 204);
    await json(await t.call("POST", `/api/quotes/${id}/opened`), 204);
    await json(await t.call("POST", `/api/quotes/${id}/versions`, {}, token), 201);
    await json(await acceptAsShown(t.call, id, accept), 201);
    await json(await t.call("POST", `/api/quotes/${id}/unlock`, {}, token), 200);
    const accepted = await json<{
      snapshot: {
        breakdown: { outTheDoorPrice: number };
        data: { downPayment: number };
        selected: { text: string; down: number; monthlyPayment: number; aprPercent: number };
      };
      fingerprint: string;
    }>(await t.call("GET", `/api/quotes/${id}/versions/2`, undefined, token), 200);
    await json(await t.call("DELETE", `/api/quotes/${id}`, undefined, token), 204);

    const expected = [
      "quote.created",
      "quote.shared",
      "quote.opened",
      "quote.version_created",
      "quote.version_created",
      "quote.accepted",
      "quote.unlocked",
      "quote.deleted",
    ];
    const got = await waitUntil(() =>
      receiver && receiver.received.length >= expected.length ? receiver.received : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(expected.length);
    const verifier = new Webhook(created.secret);
    for (const request of got) {
      const headers = {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      };
      expect(headers["webhook-id"]).toMatch(/^msg_/);
      expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(verifier.verify(request.body, headers)).toEqual(JSON.parse(request.body));
      // A changed body does not verify.
      expect(() => verifier.verify(request.body.replace("quote", "quotE"), headers)).toThrow();
    }
    expect(got.map((r) => bodyOf(r).type)).toEqual(expected);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(expected.length);

    const acceptance = bodyOf(got[5] as { body: string });
    expect(acceptance.data).toMatchObject({
      quote: {
        id,
        url: `${t.config.appUrl}/quote/${id}?view=dealer`,
        vehicle: {
          description: "2021 Honda Civic EX",
          year: 2021,
          make: "Honda",
          model: "Civic",
          trim: "EX",
          stockNumber: "A1",
          mileage: 12000,
        },
        // One down payment per deal (issue #34): the quote's, stored negative.
        // Issue #46: the deal as the version presents it, its sentence and figures.
        selectedStructure: {
          kind: "finance",
          months: 60,
          downPayment: -accepted.snapshot.data.downPayment,
          text: accepted.snapshot.selected.text,
          monthlyPayment: accepted.snapshot.selected.monthlyPayment,
          aprPercent: accepted.snapshot.selected.aprPercent,
        },
        outTheDoorPrice: accepted.snapshot.breakdown.outTheDoorPrice / 100,
        version: { number: 2, kind: "accepted", fingerprint: accepted.fingerprint },
      },
      customer: { name: "Pat O'Shopper", email: "pat@example.com", phone: "15551234567" },
      dealership: { name: "Example Motors" },
    });
    expect(acceptance.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(bodyOf(got[1] as { body: string }).data.via).toBe("email");
    // Cost and gross never go to an endpoint that is not marked "include gross".
    for (const request of got) expect(request.body).not.toMatch(/gross|cost"/i);

    const log = await json<{ statusCode: number; attempt: number; ok: boolean; event: string }[]>(
      await t.call("GET", `/api/integrations/endpoints/${created.endpoint.id}/deliveries`, undefined, token),
      200,
    );
    expect(log.map((row) => row.event).reverse()).toEqual(expected);
    expect(log.every((row) => row.statusCode === 200 && row.attempt === 1 && row.ok)).toBe(true);
  }, 30_000);

  it("a stock vehicle's status changes go out as inventory.status_changed; its cost and the deal's gross only to an endpoint marked include gross", async () => {
    receiver = await startReceiver();
    t = createTestApp(testHandoff());
    const { token } = await createDealer(t);
    const events = ["inventory.status_changed", "quote.accepted"];
    const plain = await json<{ endpoint: { id: string } }>(
      await t.call("POST", "/api/integrations/webhooks", { url: `${receiver.url}/plain`, events }, token),
      201,
    );
    await json(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: `${receiver.url}/gross`, events, includeGross: true },
        token,
      ),
      201,
    );
    const vehicle = await json<{ id: string }>(
      await t.call("POST", "/api/inventory", accordBody(), token),
      201,
    );
    // What an endpoint without "include gross" gets of the vehicle: all but its cost.
    const { cost: _cost, photoUrl: _photo, ...withoutCost } = accordBody();
    const { id } = await json<{ id: string }>(
      await t.call("POST", "/api/quotes", { inventoryId: vehicle.id }, token),
      201,
    );
    // Accepted: pending. Reopened: available. Marked sold on the Inventory page: sold; again: nothing.
    await json(await acceptAsShown(t.call, id, accept), 201);
    const asAccepted = await json<{ gross: { front: number; total: number } }>(
      await t.call("GET", `/api/quotes/${id}`, undefined, token),
      200,
    );
    await json(await t.call("POST", `/api/quotes/${id}/unlock`, {}, token), 200);
    await json(await t.call("POST", `/api/inventory/${vehicle.id}/sold`, {}, token), 200);
    await json(await t.call("POST", `/api/inventory/${vehicle.id}/sold`, {}, token), 200);

    const got = await waitUntil(() =>
      receiver && receiver.received.length >= 8 ? receiver.received : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(8);
    const to = (path: string, type: string) =>
      got
        .filter((r) => r.path === path)
        .map((r) => bodyOf(r))
        .filter((b) => b.type === type);
    const type = "inventory.status_changed";
    const plainBodies = to("/hooks/plain", type);
    expect(plainBodies.map((b) => [b.type, b.data.previousStatus, b.data.status, b.data.reason])).toEqual([
      ["inventory.status_changed", "available", "pending", "accepted"],
      ["inventory.status_changed", "pending", "available", "reopened"],
      ["inventory.status_changed", "available", "sold", "sold"],
    ]);
    expect(plainBodies[0]?.data).toEqual({
      vehicle: { id: vehicle.id, ...withoutCost, vin: ACCORD_VIN, status: "pending" },
      previousStatus: "available",
      status: "pending",
      reason: "accepted",
      quote: { id, url: `${t.config.appUrl}/quote/${id}?view=dealer` },
      dealership: { id: expect.any(String), name: "Example Motors", phone: null },
    });
    expect(plainBodies[2]?.data.quote).toBeNull();
    for (const body of plainBodies) expect(JSON.stringify(body)).not.toMatch(/cost|4800/);
    // The endpoint marked "include gross" gets the vehicle's cost.
    const grossBodies = to("/hooks/gross", type);
    expect(grossBodies.map((b) => (b.data.vehicle as { cost: number }).cost)).toEqual([
      4800.5, 4800.5, 4800.5,
    ]);
    // The acceptance: its gross (as the owner's GET answers it) only to the "include gross" endpoint.
    const [plainAccepted] = to("/hooks/plain", "quote.accepted");
    const [grossAccepted] = to("/hooks/gross", "quote.accepted");
    expect(plainAccepted?.data.quote).not.toHaveProperty("gross");
    expect(JSON.stringify(plainAccepted)).not.toMatch(/gross|cost"/i);
    expect(asAccepted.gross.front).toBeTypeOf("number");
    expect(grossAccepted?.data.quote).toHaveProperty("gross", asAccepted.gross);
    const log = await json<{ event: string; ok: boolean }[]>(
      await t.call("GET", `/api/integrations/endpoints/${plain.endpoint.id}/deliveries`, undefined, token),
      200,
    );
    expect(log.map((row) => row.event).reverse()).toEqual(["quote.accepted", type, type, type]);
  }, 30_000);

  it("a removed member's quotes pass to the owner, each with a quote.reassigned event stored with the removal", async () => {
    receiver = await startReceiver();
    t = createTestApp(testHandoff());
    const owner = await createDealer(t);
    const sam = await joinTeam(t, owner.token, "sam@example.com", "salesperson", "Sam");
    await json(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: receiver.url, events: ["quote.reassigned"] },
        owner.token,
      ),
      201,
    );
    const first = await json<{ id: string }>(
      await t.call("POST", "/api/quotes", sampleQuote, sam.token),
      201,
    );
    const second = await json<{ id: string }>(
      await t.call("POST", "/api/quotes", sampleQuote, sam.token),
      201,
    );
    // The owner's own quote does not move.
    await json(await t.call("POST", "/api/quotes", sampleQuote, owner.token), 201);
    await json(await t.call("DELETE", `/api/team/members/${sam.user.id}`, undefined, owner.token), 204);

    const got = await waitUntil(() =>
      receiver && receiver.received.length >= 2 ? receiver.received : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(2);
    const bodies = got.map((r) => bodyOf(r));
    expect(bodies.map((b) => (b.data.quote as { id: string }).id).sort()).toEqual(
      [first.id, second.id].sort(),
    );
    for (const body of bodies)
      expect(body).toMatchObject({
        type: "quote.reassigned",
        data: {
          quote: { salesperson: { id: owner.user.id, name: "Dana Dealer" } },
          previousSalesperson: { id: sam.user.id, name: "Sam Lane", email: "sam@example.com" },
          reason: "memberRemoved",
        },
      });
  }, 30_000);

  it("a receiver that answers 500 twice then 200 gets the event three times in order, and the next event only after it", async () => {
    receiver = await startReceiver([500, 500, 200]);
    t = createTestApp(testHandoff());
    const { token } = await createDealer(t);
    const { endpoint } = await json<{ endpoint: { id: string } }>(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: receiver.url, events: ["quote.created"] },
        token,
      ),
      201,
    );
    await json(await t.call("POST", "/api/quotes", sampleQuote, token), 201);
    await json(await t.call("POST", "/api/quotes", sampleQuote, token), 201);
    const got = await waitUntil(() =>
      receiver && receiver.received.length >= 4 ? receiver.received : undefined,
    );
    const ids = got.map((r) => r.headers["webhook-id"]);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[1]).toBe(ids[2]);
    expect(ids[3]).not.toBe(ids[0]);
    // Each retry waited (150 ms ± 20%) and was signed afresh.
    expect((got[1]?.at ?? 0) - (got[0]?.at ?? 0)).toBeGreaterThanOrEqual(110);
    const log = await waitUntil(async () => {
      const rows = await json<{ statusCode: number; attempt: number; deliveryStatus: string }[]>(
        (await t?.call(
          "GET",
          `/api/integrations/endpoints/${endpoint.id}/deliveries`,
          undefined,
          token,
        )) as Response,
        200,
      );
      return rows.length === 4 ? rows : undefined;
    });
    expect(log.reverse().map((row) => [row.statusCode, row.attempt, row.deliveryStatus])).toEqual([
      [500, 1, "delivered"],
      [500, 2, "delivered"],
      [200, 3, "delivered"],
      [200, 1, "delivered"],
    ]);
  }, 30_000);

  it("gives up after the last retry, then Resend sends the same event again and Send test event reaches the endpoint", async () => {
    receiver = await startReceiver([503, 503, 503, 503]);
    t = createTestApp(testHandoff());
    const { token } = await createDealer(t);
    const { endpoint } = await json<{ endpoint: { id: string } }>(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: receiver.url, events: ["quote.created"] },
        token,
      ),
      201,
    );
    await json(await t.call("POST", "/api/quotes", sampleQuote, token), 201);
    const logUrl = `/api/integrations/endpoints/${endpoint.id}/deliveries`;
    type Row = {
      deliveryId: number;
      statusCode: number;
      attempt: number;
      deliveryStatus: string;
      response: string;
    };
    const failed = await waitUntil(async () => {
      const rows = await json<Row[]>((await t?.call("GET", logUrl, undefined, token)) as Response, 200);
      return rows.length === 4 && rows[0]?.deliveryStatus === "failed" ? rows : undefined;
    });
    expect(failed.map((row) => row.attempt)).toEqual([4, 3, 2, 1]);
    expect(failed[0]?.response).toBe("failure 503");

    await json(
      await t.call("POST", `/api/integrations/deliveries/${failed[0]?.deliveryId}/resend`, {}, token),
      202,
    );
    await waitUntil(() => (receiver && receiver.received.length === 5 ? true : undefined));
    expect(receiver.received[4]?.headers["webhook-id"]).toBe(receiver.received[0]?.headers["webhook-id"]);

    await json(await t.call("POST", `/api/integrations/webhooks/${endpoint.id}/test`, {}, token), 202);
    const test = await waitUntil(() => receiver?.received[5]);
    expect(bodyOf(test)).toMatchObject({ type: "webhook.test", data: { test: true } });
    expect(await t.call("POST", "/api/integrations/deliveries/999999/resend", {}, token)).toHaveProperty(
      "status",
      404,
    );
  }, 30_000);

  it("an endpoint failing for the disable period is disabled, its pending events fail, and the owner is mailed", async () => {
    receiver = await startReceiver([500, 500, 500]);
    t = createTestApp(testHandoff({ disableAfterMs: 200, retryDelaysMs: [150, 150, 150, 150, 150] }));
    const { token, user } = await createDealer(t);
    const { endpoint } = await json<{ endpoint: { id: string } }>(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: receiver.url, events: ["quote.created"] },
        token,
      ),
      201,
    );
    await json(await t.call("POST", "/api/quotes", sampleQuote, token), 201);
    const disabled = await waitUntil(async () => {
      const list = await json<{ webhooks: { enabled: boolean; disabledAt: string | null }[] }>(
        (await t?.call("GET", "/api/integrations", undefined, token)) as Response,
        200,
      );
      return list.webhooks[0]?.enabled === false ? list.webhooks[0] : undefined;
    });
    expect(disabled.disabledAt).not.toBeNull();
    await waitUntil(() =>
      t?.logs.some((line) => line.startsWith(`Mail to ${user.email}`)) ? true : undefined,
    );
    const log = await json<{ deliveryStatus: string }[]>(
      await t.call("GET", `/api/integrations/endpoints/${endpoint.id}/deliveries`, undefined, token),
      200,
    );
    expect(log[0]?.deliveryStatus).toBe("failed");
    // Enabled again by hand: new events flow again.
    await json(
      await t.call("PATCH", `/api/integrations/webhooks/${endpoint.id}`, { enabled: true }, token),
      200,
    );
    await json(await t.call("POST", "/api/quotes", sampleQuote, token), 201);
    await waitUntil(() =>
      receiver?.received.some((r) => r.headers["webhook-id"] !== receiver?.received[0]?.headers["webhook-id"])
        ? true
        : undefined,
    );
  }, 30_000);

  it("refuses a URL that resolves to 127.0.0.1 without WEBHOOKS_ALLOW_PRIVATE, at save and at delivery", async () => {
    receiver = await startReceiver();
    t = createTestApp(testHandoff({ allowPrivate: false }));
    const { token, user } = await createDealer(t);
    const local = `http://localhost:${receiver.port}/hooks`;
    for (const url of [
      local,
      receiver.url,
      `http://[::1]:${receiver.port}/`,
      "http://169.254.169.254/latest",
    ]) {
      const res = await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url, events: ["quote.created"] },
        token,
      );
      const body = await json<{ message: string; errors: { field: string; message: string }[] }>(res, 400);
      expect(body.errors[0]?.field).toBe("url");
      expect(body.message).toMatch(/resolves to a private, loopback, link-local or metadata address/);
    }
    expect(
      (
        await json<{ message: string }>(
          await t.call(
            "POST",
            "/api/integrations/webhooks",
            { url: local, events: ["quote.created"] },
            token,
          ),
          400,
        )
      ).message,
    ).toBe(HANDOFF_MSG.privateAddress("localhost"));
    expect(
      (await json<{ webhooks: unknown[] }>(await t.call("GET", "/api/integrations", undefined, token), 200))
        .webhooks,
    ).toEqual([]);

    // Saved while the setting was on (or DNS answered otherwise then): refused at delivery, after DNS.
    const now = Date.now();
    await t.stores.handoff.addEndpoint({
      id: "saved-earlier",
      dealershipId: user.dealershipId,
      kind: "webhook",
      url: local,
      events: JSON.stringify(["quote.created"]),
      includeGross: false,
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      enabled: true,
      failingSince: null,
      disabledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await json(await t.call("POST", "/api/quotes", sampleQuote, token), 201);
    const log = await waitUntil(async () => {
      const rows = await json<{ statusCode: number | null; response: string }[]>(
        (await t?.call(
          "GET",
          "/api/integrations/endpoints/saved-earlier/deliveries",
          undefined,
          token,
        )) as Response,
        200,
      );
      return rows[0];
    });
    expect(log).toMatchObject({ statusCode: null, response: HANDOFF_MSG.privateAddress("localhost") });
    expect(receiver.received).toEqual([]);
  }, 30_000);

  it("takes only https unless WEBHOOKS_ALLOW_HTTP, checks every field, and is for owners and managers only", async () => {
    t = createTestApp(testHandoff({ allowHttp: false, allowPrivate: false }));
    const { token, user } = await createDealer(t);
    const http = await json<{ message: string }>(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: "http://hooks.example.com/x", events: ["quote.created"] },
        token,
      ),
      400,
    );
    expect(http.message).toBe(HANDOFF_MSG.httpsRequired);
    const bad = await json<{ errors: { field: string; message: string }[] }>(
      await t.call("POST", "/api/integrations/webhooks", { url: "not a url", events: [] }, token),
      400,
    );
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { field: "url", message: HANDOFF_MSG.urlInvalid },
        { field: "events", message: HANDOFF_MSG.eventsRequired },
      ]),
    );
    const unknown = await json<{ errors: { field: string; message: string }[] }>(
      await t.call(
        "POST",
        "/api/integrations/webhooks",
        { url: "https://hooks.example.com/x", events: ["quote.sold"] },
        token,
      ),
      400,
    );
    expect(unknown.errors[0]?.message).toBe(HANDOFF_MSG.eventUnknown);
    const lead = await json<{ errors: { message: string }[] }>(
      await t.call("PUT", "/api/integrations/lead-address", { address: "not-an-address" }, token),
      400,
    );
    expect(lead.errors[0]?.message).toBe(HANDOFF_MSG.leadAddressInvalid);

    const { token: seller } = await createDealer(t, { dealershipId: user.dealershipId, role: "salesperson" });
    expect((await t.call("GET", "/api/integrations", undefined, seller)).status).toBe(403);
    const { token: manager } = await createDealer(t, { dealershipId: user.dealershipId, role: "manager" });
    expect((await t.call("GET", "/api/integrations", undefined, manager)).status).toBe(200);
  });
});
