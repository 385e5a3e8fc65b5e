import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeDatabase, openDatabase } from "./db/connection";
import { createTestApp, type TestApp } from "./test-support/test-app";

let t: TestApp;
afterEach(async () => {
  await t?.cleanup();
});

describe("the HTTP app", () => {
  it("answers the health check", async () => {
    t = createTestApp();
    const res = await t.call("GET", "/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, storageWritable: true });
  });

  it("answers unknown API paths with 404 JSON, never the app's HTML", async () => {
    t = createTestApp();
    const res = await t.call("GET", "/api/x");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ message: "Not found" });
    const post = await t.call("POST", "/api/nothing/here", { a: 1 });
    expect(post.status).toBe(404);
  });

  it("refuses a body over 1 MiB with 413 JSON", async () => {
    t = createTestApp();
    const res = await t.call("POST", "/api/health", "x".repeat(2 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: "Request body is too large (limit 1 MiB)" });
  });

  it("sets the security headers on every response", async () => {
    t = createTestApp();
    const res = await t.call("GET", "/api/health");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    expect(res.headers.get("permissions-policy")).toBe("camera=(self), microphone=(), geolocation=()");
  });

  it("serves the built app with SPA fallback and the CSP header, but never for /api", async () => {
    const staticDir = path.join(createTestApp().dataDir, "dist");
    await t?.cleanup();
    mkdirSync(path.join(staticDir, "assets"), { recursive: true });
    const inline = "document.documentElement.dataset.x=1";
    writeFileSync(
      path.join(staticDir, "index.html"),
      `<!doctype html><title>DealDesk</title><script>${inline}</script>`,
    );
    writeFileSync(path.join(staticDir, "assets", "app.js"), "console.log(1)");
    // What scripts/prerender.mjs and the SSR build write, reduced to their contract.
    mkdirSync(path.join(staticDir, ".ssr"));
    writeFileSync(
      path.join(staticDir, ".ssr", "landing.html"),
      `<!doctype html><h1>Landing</h1><script>${inline}</script>`,
    );
    writeFileSync(
      path.join(staticDir, ".ssr", "quote.html"),
      "<title><!--ssr-title--></title><div id=root><!--ssr-body--></div><script type=application/json><!--ssr-data--></script>",
    );
    writeFileSync(
      path.join(staticDir, ".ssr", "entry-server.js"),
      'export const renderShopperPage = async (id) => "<p>" + id + "</p>";\nexport const pageDataJson = (d) => JSON.stringify(d);\n',
    );
    t = createTestApp({ staticDir });
    const page = await t.call("GET", "/dashboard");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(await page.text()).toContain("<title>DealDesk</title>");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(csp).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}';`);
    expect(await (await t.call("GET", "/")).text()).toContain("<h1>Landing</h1>");
    const unknown = await t.call("GET", "/quote/AAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(
      '<title>Quote not found | DealDesk</title><div id=root><p>AAAAAAAAAAAAAAAAAAAAAA</p></div><script type=application/json>{"quote":{"id":"AAAAAAAAAAAAAAAAAAAAAA","answer":null}}</script>',
    );
    expect(await (await t.call("GET", "/quote/AAAAAAAAAAAAAAAAAAAAAA?view=dealer")).text()).toContain(
      "<title>DealDesk</title>",
    );
    expect((await t.call("GET", "/.ssr/entry-server.js")).status).toBe(404);
    const asset = await t.call("GET", "/assets/app.js");
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const api = await t.call("GET", "/api/nope");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "Not found" });
  });

  it("answers a plain request to the live path with 426", async () => {
    t = createTestApp();
    const res = await t.call("GET", "/yjs/quote/abc");
    expect(res.status).toBe(426);
  });

  it("logs requests without their query strings", async () => {
    t = createTestApp({ logRequests: true });
    await t.call("GET", "/api/health?token=secret-value");
    expect(t.logs.some((l) => l.startsWith("GET /api/health 200"))).toBe(true);
    expect(t.logs.join("\n")).not.toContain("secret-value");
  });
});

describe("the database", () => {
  it("migrates a new data dir and reopens it without error", () => {
    t = createTestApp();
    const dir = path.join(t.dataDir, "reopen");
    mkdirSync(dir);
    const first = openDatabase(dir);
    const tables = first.$client
      .prepare("select name from sqlite_master where type='table' order by name")
      .all()
      .map((r) => (r as { name: string }).name);
    expect(tables).toEqual(expect.arrayContaining(["users", "quotes", "yjs_updates", "yjs_documents"]));
    expect(first.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    closeDatabase(first);
    const second = openDatabase(dir);
    closeDatabase(second);
  });
});
