import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { afterEach, expect, it } from "vitest";
import { register } from "../test-support/auth-test-support";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #47: a DMS file is read a slice per event-loop turn, so an import never holds the
// server; past the row cap it is refused at once, whatever the lines hold.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const importFile = async (app: TestApp, token: string, body: string | ReadableStream<Uint8Array>) =>
  app.app.request("/api/inventory/import?dryRun=1", {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "text/csv" },
    body,
    ...(typeof body === "string" ? {} : { duplex: "half" }),
  } as RequestInit);

it("refuses a million blank lines with a 400 naming the cap, and closes the connection", async () => {
  t = await createTestApp();
  const owner = await register(t);
  const res = await importFile(t, owner.token, `Stock,Year,Make,Model,Price\r\n${"\r\n".repeat(1_000_000)}`);
  expect(res.status).toBe(400);
  expect(res.headers.get("Connection")).toBe("close");
  expect(await res.json()).toEqual({
    message:
      "The file has more than 5,000 lines after the header (blank lines count); split it into smaller files",
  });
});

it("refuses a line of 5 MiB of commas and a quoted field that never closes", async () => {
  t = await createTestApp();
  const owner = await register(t);
  const commas = await importFile(t, owner.token, `Stock,Year,Make,Model,Price\r\n${",".repeat(5_000_000)}`);
  expect(commas.status).toBe(400);
  expect(await commas.json()).toEqual({ message: INVENTORY_MSG.importLineTooLong(2) });
  const quoted = await importFile(t, owner.token, `Stock,Year,Make,Model,Price\r\n"${"x".repeat(5_000_000)}`);
  expect(await quoted.json()).toEqual({ message: INVENTORY_MSG.importLineTooLong(2) });
});

it("stops reading an upload past the cap: the rest of the stream is never pulled", async () => {
  t = await createTestApp();
  const owner = await register(t);
  let pulled = 0;
  const lines = new TextEncoder().encode("\r\n".repeat(16 * 1024));
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 1;
      controller.enqueue(pulled === 1 ? new TextEncoder().encode("Stock,Year,Make,Model,Price\r\n") : lines);
    },
  });
  const res = await importFile(t, owner.token, endless);
  expect(await res.json()).toEqual({ message: INVENTORY_MSG.importTooManyRows });
  expect(pulled).toBeLessThan(6);
});

it("answers other requests while a large file is being read", async () => {
  t = await createTestApp();
  const owner = await register(t);
  // 2,000 lines of 900 empty cells: under every cap, about 2 MiB (500 slices) to parse.
  const file = `Stock,Year,Make,Model,Price\r\n${`${",".repeat(900)}\r\n`.repeat(2000)}`;
  let importDone = false;
  const importing = importFile(t, owner.token, file).then((res) => {
    importDone = true;
    return res;
  });
  let answeredMeanwhile = 0;
  while (!importDone) {
    await new Promise((resolve) => setImmediate(resolve));
    const health = await t.app.request("/api/health");
    expect(health.status).toBe(200);
    if (!importDone) answeredMeanwhile += 1;
  }
  // Read in one piece, the file would have let at most the first health check through.
  expect(answeredMeanwhile).toBeGreaterThan(5);
  const res = await importing;
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ message: INVENTORY_MSG.importEmpty });
});
