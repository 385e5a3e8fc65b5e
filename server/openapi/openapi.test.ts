import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { createDealer } from "../test-support/fixtures";
import { sampleQuote } from "../test-support/live-test-kit";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { OPERATIONS } from "./operations";
import { errorSchema } from "./schemas";

// Issue #39: GET /api/openapi.json is a valid OpenAPI 3.1 document, names every route the app
// serves under /api, and the app's real answers match the schemas it declares.

let t: TestApp;
beforeAll(() => {
  t = createTestApp({
    handoff: {
      allowHttp: true,
      allowPrivate: true,
      retryDelaysMs: [],
      timeoutMs: 1000,
      pollMs: 60_000,
      disableAfterMs: 1,
      paymentRequestWindowMs: 600_000,
    },
  });
});
afterAll(async () => {
  await t.cleanup();
});

const operation = (method: string, path: string) => {
  const op = OPERATIONS.find((o) => o.method === method.toLowerCase() && o.path === path);
  if (!op) throw new Error(`${method} ${path} is not described`);
  return op;
};

/** Calls the app and checks the answer against what the description declares for its status. */
async function call(
  method: string,
  path: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const res = await t.call(method, `/api${url}`, body, token);
  const op = operation(method, path);
  const declared = op.responses[res.status];
  expect(declared, `${method} ${path} answered an undeclared ${res.status}`).not.toBeUndefined();
  const text = await res.text();
  if (declared === null && res.status >= 400) {
    const json = JSON.parse(text);
    expect(errorSchema.safeParse(json).success, `${method} ${path} ${res.status}: ${text}`).toBe(true);
    return { status: res.status, json };
  }
  if (declared === null) {
    expect(text).toBe("");
    return { status: res.status, json: null };
  }
  if (declared === "csv" || declared === "text") return { status: res.status, json: text };
  const json = JSON.parse(text);
  const parsed = (declared as z.ZodType).safeParse(json);
  expect(
    parsed.success,
    `${method} ${path} ${res.status}: ${parsed.success ? "" : JSON.stringify(parsed.error.issues)}`,
  ).toBe(true);
  return { status: res.status, json };
}

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document with the bearer scheme and the error shape", async () => {
    const res = await t.call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Record<string, unknown>;
    expect(doc.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
    expect(doc).toMatchObject({
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
        schemas: { Error: { type: "object" } },
      },
    });
    const login = (
      doc.paths as Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: { properties: object } }> } }>
      >
    )["/auth/login"];
    expect(
      Object.keys(login?.post?.requestBody.content["application/json"]?.schema.properties ?? {}),
    ).toEqual(["email", "password"]);
  });

  it("describes every route the app serves under /api", () => {
    const served = new Set<string>();
    for (const route of t.app.routes) {
      if (route.method === "ALL" || !route.path.startsWith("/api/") || route.path.endsWith("*")) continue;
      served.add(`${route.method.toLowerCase()} ${route.path.slice(4).replace(/:(\w+)/g, "{$1}")}`);
    }
    const described = new Set(OPERATIONS.map((o) => `${o.method} ${o.path}`));
    expect([...served].filter((r) => !described.has(r))).toEqual([]);
    expect([...described].filter((r) => !served.has(r))).toEqual([]);
  });

  it("the real answers of a dealer's and a shopper's calls match the declared schemas", async () => {
    const registered = await call("POST", "/auth/register", "/auth/register", {
      email: "openapi@example.com",
      password: "correct horse battery",
      firstName: "Olive",
      lastName: "Api",
      dealershipName: "Spec Motors",
    });
    const { token } = registered.json as { token: string };
    await call("POST", "/auth/login", "/auth/login", {
      email: "openapi@example.com",
      password: "wrong password",
    });
    await call("POST", "/auth/login", "/auth/login", {
      email: "openapi@example.com",
      password: "correct horse battery",
    });
    await call("GET", "/auth/me", "/auth/me", undefined, token);
    await call("GET", "/auth/me", "/auth/me");
    await call("GET", "/auth/registration", "/auth/registration");
    await call("PUT", "/auth/account", "/auth/account", { firstName: "Olivia", lastName: "Api" }, token);
    await call("GET", "/health", "/health");
    await call("GET", "/team", "/team", undefined, token);
    await call("GET", "/team/audit", "/team/audit", undefined, token);
    await call("GET", "/team/invitations", "/team/invitations", undefined, token);
    await call(
      "POST",
      "/team/invitations",
      "/team/invitations",
      { email: "new.hire@example.com", role: "manager" },
      token,
    );
    await call("GET", "/auth/invitation", "/auth/invitation?token=nope");
    await call("GET", "/dealership/checklist", "/dealership/checklist", undefined, token);
    await call("GET", "/dealer-defaults/addons", "/dealer-defaults/addons", undefined, token);
    const addon = await call(
      "POST",
      "/dealer-defaults/addons",
      "/dealer-defaults/addons",
      { name: "Mats", description: "", price: 120 },
      token,
    );
    await call("POST", "/dealer-defaults/addons", "/dealer-defaults/addons", { name: "", price: -1 }, token);
    const addonId = (addon.json as { addon: { id: string } }).addon.id;
    await call(
      "PUT",
      "/dealer-defaults/addons/{id}",
      `/dealer-defaults/addons/${addonId}`,
      { name: "Mats", description: "All weather", price: 140 },
      token,
    );
    await call("GET", "/dealer-defaults/addons/{id}", `/dealer-defaults/addons/${addonId}`, undefined, token);
    await call(
      "DELETE",
      "/dealer-defaults/addons/{id}",
      `/dealer-defaults/addons/${addonId}`,
      undefined,
      token,
    );
    await call("GET", "/dealer-defaults/taxes", "/dealer-defaults/taxes", undefined, token);
    await call("GET", "/dealer-defaults/dealer-fees", "/dealer-defaults/dealer-fees", undefined, token);
    await call(
      "GET",
      "/dealer-defaults/government-fees",
      "/dealer-defaults/government-fees",
      undefined,
      token,
    );
    await call(
      "GET",
      "/dealer-defaults/interest-rates/{tier}",
      "/dealer-defaults/interest-rates/good",
      undefined,
      token,
    );
    await call("GET", "/dealer-defaults/tax-profile", "/dealer-defaults/tax-profile", undefined, token);
    await call(
      "GET",
      "/dealer-defaults/payment-options",
      "/dealer-defaults/payment-options",
      undefined,
      token,
    );

    const created = await call("POST", "/quotes", "/quotes", sampleQuote, token);
    const { id } = created.json as { id: string };
    await call("POST", "/quotes", "/quotes", { vehicle: {} }, token);
    await call("GET", "/quotes", "/quotes", undefined, token);
    await call("GET", "/quotes/{id}", `/quotes/${id}`, undefined, token);
    await call("GET", "/quotes/{id}", `/quotes/${id}`);
    await call("GET", "/quotes/{id}", "/quotes/nope");
    await call("GET", "/quotes/live-status", "/quotes/live-status", undefined, token);
    await call("GET", "/quotes/{id}/history", `/quotes/${id}/history`, undefined, token);
    // Issue #50: the decodes, a member's and a shopper's, found and refused.
    await call("GET", "/vehicles/decode", "/vehicles/decode?vin=2T3W1RFV9MW000000", undefined, token);
    await call("GET", "/vehicles/decode", "/vehicles/decode?vin=1HGCM82633A123456", undefined, token);
    await call("GET", "/vehicles/decode", "/vehicles/decode?vin=9ZZZZ1232ZA000001", undefined, token);
    await call("GET", "/vehicles/decode", "/vehicles/decode?vin=2T3W1RFV9MW000000");
    await call("GET", "/quotes/{id}/decode-vin", `/quotes/${id}/decode-vin?vin=2T3W1RFV9MW000000`);
    await call("GET", "/quotes/{id}/decode-vin", `/quotes/${id}/decode-vin?vin=1HGCM82633A123456`);
    await call("POST", "/quotes/{id}/shared", `/quotes/${id}/shared`, { via: "link" }, token);
    await call("POST", "/quotes/{id}/opened", `/quotes/${id}/opened`);
    // Issue #46: a version or an acceptance naming a fingerprint the deal does not have: 409.
    const stale = await call(
      "POST",
      "/quotes/{id}/versions",
      `/quotes/${id}/versions`,
      { fingerprint: "0000-0000-0000" },
      token,
    );
    expect(stale.status).toBe(409);
    await call("POST", "/quotes/{id}/versions", `/quotes/${id}/versions`, {}, token);
    await call("GET", "/quotes/{id}/versions", `/quotes/${id}/versions`, undefined, token);
    await call("GET", "/quotes/{id}/versions/{n}", `/quotes/${id}/versions/1`, undefined, token);
    await call("DELETE", "/quotes/{id}/versions/{n}", `/quotes/${id}/versions/1`, undefined, token);
    await call("GET", "/quotes/{id}/sheet", `/quotes/${id}/sheet`, undefined, token);
    const accept = {
      name: "Pat Shopper",
      phone: "15551234567",
      email: "pat@example.com",
      structure: { structure: "finance", months: 60 },
    };
    const shown = (await call("GET", "/quotes/{id}", `/quotes/${id}`)).json as { fingerprint: string };
    await call("POST", "/quotes/{id}/accept", `/quotes/${id}/accept`, { ...accept, phone: "1" });
    const noFingerprint = await call("POST", "/quotes/{id}/accept", `/quotes/${id}/accept`, accept);
    expect(noFingerprint.status).toBe(400);
    const changed = await call("POST", "/quotes/{id}/accept", `/quotes/${id}/accept`, {
      ...accept,
      fingerprint: "0000-0000-0000",
    });
    expect(changed.status).toBe(409);
    const first = await call("POST", "/quotes/{id}/accept", `/quotes/${id}/accept`, {
      ...accept,
      fingerprint: shown.fingerprint,
    });
    expect(first.status).toBe(201);
    const repeat = await call("POST", "/quotes/{id}/accept", `/quotes/${id}/accept`, {
      ...accept,
      fingerprint: shown.fingerprint,
    });
    expect(repeat.status).toBe(200);
    await call("POST", "/quotes/{id}/unlock", `/quotes/${id}/unlock`, {}, token);
    await call("POST", "/quotes/{id}/renew", `/quotes/${id}/renew`, {}, token);
    await call("POST", "/quotes/{id}/duplicate", `/quotes/${id}/duplicate`, {}, token);
    await call("GET", "/analytics", "/analytics", undefined, token);
    await call("GET", "/quotes/export.csv", "/quotes/export.csv", undefined, token);

    await call("GET", "/integrations", "/integrations", undefined, token);
    await call(
      "PUT",
      "/integrations/lead-address",
      "/integrations/lead-address",
      { address: "leads@crm.example.com" },
      token,
    );
    await call("POST", "/integrations/lead-address/test", "/integrations/lead-address/test", {}, token);
    const hook = await call(
      "POST",
      "/integrations/webhooks",
      "/integrations/webhooks",
      { url: "https://hooks.example.com/x", events: ["quote.created"] },
      token,
    );
    await call(
      "POST",
      "/integrations/webhooks",
      "/integrations/webhooks",
      { url: "ftp://x", events: ["nope"] },
      token,
    );
    const hookId = (hook.json as { endpoint: { id: string } }).endpoint.id;
    await call(
      "PATCH",
      "/integrations/webhooks/{id}",
      `/integrations/webhooks/${hookId}`,
      { includeGross: true },
      token,
    );
    await call(
      "GET",
      "/integrations/endpoints/{id}/deliveries",
      `/integrations/endpoints/${hookId}/deliveries`,
      undefined,
      token,
    );
    await call(
      "POST",
      "/integrations/deliveries/{id}/resend",
      "/integrations/deliveries/12345/resend",
      {},
      token,
    );
    await call("DELETE", "/integrations/webhooks/{id}", `/integrations/webhooks/${hookId}`, undefined, token);
    await call("DELETE", "/quotes/{id}", `/quotes/${id}`, undefined, token);

    const { token: seller } = await createDealer(t, { role: "salesperson" });
    await call("GET", "/integrations", "/integrations", undefined, seller);
  });
});
