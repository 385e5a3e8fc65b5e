import { MSG } from "@shared/text/messages";
import { afterEach, expect, it } from "vitest";
import { createDealer } from "../test-support/fixtures";
import { sampleQuote } from "../test-support/live-test-kit";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #47: storage that takes no writes (a full disk, a read-only volume) is a 503 the client
// may retry, not a 500, and nothing is half-written. SQLite's query_only makes the real database
// refuse writes the way a read-only volume does.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

it("answers a write on a full database with 503, Retry-After and the message; stores nothing; works again once there is room", async () => {
  t = createTestApp();
  const { token } = await createDealer(t);
  const count = async () =>
    ((await (await t!.call("GET", "/api/quotes", undefined, token)).json()) as unknown[]).length;
  const sqlite = t.db.$client;
  // The database stops taking writes (SQLITE_READONLY, as a read-only or full volume answers).
  sqlite.pragma("query_only = ON");

  const refused = await t.call("POST", "/api/quotes", sampleQuote, token);
  expect(refused.status).toBe(503);
  expect(refused.headers.get("Retry-After")).toBe("30");
  expect(await refused.json()).toEqual({
    message:
      "DealDesk cannot save right now: its storage is full or read-only. Nothing was changed; please try again in a moment.",
  });
  expect(MSG.storageNotWritable).toBe(
    ((await t.call("POST", "/api/quotes", sampleQuote, token).then((r) => r.json())) as { message: string })
      .message,
  );
  expect(await count()).toBe(0);

  sqlite.pragma("query_only = OFF");
  // The storage check is probed at most every 2 s: writes are taken again within that.
  await expect
    .poll(async () => (await t!.call("POST", "/api/quotes", sampleQuote, token)).status, {
      timeout: 5000,
      interval: 500,
    })
    .toBe(201);
  expect(await count()).toBe(1);
});
