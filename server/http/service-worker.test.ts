import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #36: the shopper's link opens offline. The server's part: the worker script is always
// asked for again (a deploy reaches the phone on its next visit), and the shopper's rendered page
// says it is one, so the worker keeps a copy of that page and of nothing else.

// Over the compression threshold (1 KiB), as a real worker is: sent compressed, with a right length.
const WORKER = `${"// Workbox's runtime and the precache list.\n".repeat(40)}self.addEventListener("fetch", () => {});`;

/** A build reduced to its contract (scripts/prerender.mjs, the SSR entry), with or without sw.js. */
function builtApp(withWorker: boolean): string {
  const staticDir = path.join(mkdtempSync(path.join(tmpdir(), "dealdesk-sw-")), "dist");
  mkdirSync(path.join(staticDir, ".ssr"), { recursive: true });
  writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>DealDesk</title>");
  writeFileSync(path.join(staticDir, ".ssr", "landing.html"), "<!doctype html><h1>Landing</h1>");
  writeFileSync(
    path.join(staticDir, ".ssr", "quote.html"),
    "<title><!--ssr-title--></title><div id=root><!--ssr-body--></div><script type=application/json><!--ssr-data--></script>",
  );
  writeFileSync(
    path.join(staticDir, ".ssr", "entry-server.js"),
    'export const renderShopperPage = async (id) => "<p>" + id + "</p>";\nexport const pageDataJson = (d) => JSON.stringify(d);\n',
  );
  if (withWorker) writeFileSync(path.join(staticDir, "sw.js"), WORKER);
  return staticDir;
}

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

describe("the shopper page's service worker", () => {
  it("is served as JavaScript with Cache-Control: no-cache", async () => {
    t = createTestApp({ staticDir: builtApp(true) });
    const res = await t.call("GET", "/sw.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(await res.text()).toBe(WORKER);
    const compressed = await t.app.request("/sw.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(compressed.headers.get("content-encoding")).toBe("gzip");
    expect(compressed.headers.get("content-length")).toBeNull();
    expect(gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(WORKER);
  });

  it("is a 404 when the build has none, never the app's page", async () => {
    t = createTestApp({ staticDir: builtApp(false) });
    const res = await t.call("GET", "/sw.js");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("marks the shopper's rendered quote page, and only it, as the page the worker may keep", async () => {
    t = createTestApp({ staticDir: builtApp(true) });
    const { token } = await createDealer(t);
    const created = await t.call(
      "POST",
      "/api/quotes",
      { vehicle: { description: "2024 Honda Accord", mileage: 12 }, pricing: { advertisedPrice: 30000 } },
      token,
    );
    const { id } = (await created.json()) as { id: string };
    const shopperPage = await t.call("GET", `/quote/${id}`);
    expect(shopperPage.status).toBe(200);
    expect(shopperPage.headers.get("x-dealdesk-page")).toBe("shopper-quote");
    expect(shopperPage.headers.get("cache-control")).toBe("private, no-cache");
    // The dealer's view of the same quote and every other page are the app's, never kept.
    for (const other of [`/quote/${id}?view=dealer`, "/quote/new", "/dashboard", "/"]) {
      const res = await t.call("GET", other);
      expect(res.status, other).toBe(200);
      expect(res.headers.get("x-dealdesk-page"), other).toBeNull();
    }
  });
});
