// The REST side of the trust boundary (issue #10): volume caps per address and per dealer, money
// with at most two decimals, names with a visible character, a 413 that closes its connection, and
// a data dir only the server's user can read.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { MSG } from "@shared/text/messages";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../config";
import { closeDatabase, openDatabase } from "../db/connection";
import { lockDataDir } from "../db/data-dir-lock";
import { quotes, users } from "../db/schema";
import { createMailer } from "../mail/mailer";
import { fieldErrorsOf, register } from "../test-support/auth-test-support";
import { type LiveHarness, startLiveHarness } from "../test-support/live-test-kit";
import { createTestApp, type TestApp } from "../test-support/test-app";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function app(env: NodeJS.ProcessEnv = {}): TestApp {
  const t = createTestApp({}, env);
  cleanups.push(() => t.cleanup());
  return t;
}

const quoteBody = (pricing: Record<string, unknown>, description = "2024 Honda Civic EX") => ({
  vehicle: { description, mileage: 12_000 },
  pricing,
});

describe("volume caps", () => {
  it("SIGNUPS_PER_IP_PER_HOUR: the next sign-up from the address answers 429 and creates nothing", async () => {
    const t = app({ SIGNUPS_PER_IP_PER_HOUR: "3" });
    for (let i = 0; i < 3; i++) await register(t);
    const res = await t.call("POST", "/api/auth/register", {
      email: "one-too-many@example.com",
      password: "correct horse battery",
      firstName: "Dana",
      lastName: "Whitfield",
    });
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ message: MSG.tooManyRequests });
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(t.db.select().from(users).all()).toHaveLength(3);
  });

  it("QUOTES_PER_DEALER_PER_MINUTE: counts per dealer; another dealer still creates", async () => {
    const t = app({ QUOTES_PER_DEALER_PER_MINUTE: "2" });
    const first = await register(t);
    const second = await register(t);
    for (let i = 0; i < 2; i++)
      expect(
        (await t.call("POST", "/api/quotes", quoteBody({ advertisedPrice: 25_000 }), first.token)).status,
      ).toBe(201);
    const refused = await t.call("POST", "/api/quotes", quoteBody({ advertisedPrice: 25_000 }), first.token);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: MSG.tooManyRequests });
    expect(t.db.select().from(quotes).where(eq(quotes.salespersonId, first.user.id)).all()).toHaveLength(2);
    expect(
      (await t.call("POST", "/api/quotes", quoteBody({ advertisedPrice: 25_000 }), second.token)).status,
    ).toBe(201);
  });

  it("RESET_MAILS_PER_IP_PER_HOUR: every request counts, known address or not; no mail past the cap", async () => {
    const t = app({ RESET_MAILS_PER_IP_PER_HOUR: "2" });
    const dealers = [await register(t), await register(t), await register(t)];
    const answers = [];
    for (const dealer of dealers)
      answers.push(await t.call("POST", "/api/auth/request-reset", { email: dealer.email }));
    const unknown = await t.call("POST", "/api/auth/request-reset", { email: "nobody@example.com" });
    expect(answers.map((res) => res.status)).toEqual([200, 200, 429]);
    expect(unknown.status).toBe(429);
    expect(await unknown.json()).toEqual({ message: MSG.tooManyRequests });
    // Mails are written after answering: wait for the two (a loaded machine takes its time), then
    // give a third the time it would take to show.
    const outbox = path.join(t.dataDir, "outbox");
    const mails = () => (existsSync(outbox) ? readdirSync(outbox).length : 0);
    for (let i = 0; i < 400 && mails() < 2; i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails()).toBe(2);
  });
});

describe("money and names", () => {
  it.each([
    [1e-9, "a non-zero amount below one cent"],
    [0.001, "a tenth of a cent"],
    [19.999, "three decimals"],
    [0.010000001, "a cent and noise"],
  ])("refuses %s (%s) with the form's message and stores nothing", async (amount) => {
    const t = app();
    const dealer = await register(t);
    const price = await t.call("POST", "/api/quotes", quoteBody({ advertisedPrice: amount }), dealer.token);
    expect(await fieldErrorsOf(price)).toMatchObject({ "pricing.advertisedPrice": MSG.amountDecimals });
    const addOn = await t.call(
      "POST",
      "/api/dealer-defaults/addons",
      { name: "Mats", price: amount },
      dealer.token,
    );
    expect((await fieldErrorsOf(addOn)).price).toBe(MSG.amountDecimals);
    expect(t.db.select().from(quotes).all()).toHaveLength(0);
  });

  it("takes two decimals and binary noise of two decimals (0.1 + 0.2 is 30 cents)", async () => {
    const t = app();
    const dealer = await register(t);
    const res = await t.call(
      "POST",
      "/api/quotes",
      quoteBody({ advertisedPrice: 0.1 + 0.2, discount: 0.1 }),
      dealer.token,
    );
    expect(res.status).toBe(201);
  });

  it.each([
    ["a zero-width space", "\u200B"],
    ["zero-width joiners and a byte-order mark", "\u200D\u200C\uFEFF"],
    ["spaces of every kind", " \u00A0\u2003\u3000 "],
    ["a Hangul filler", "\u3164"],
    ["a lone combining accent", "\u0301"],
  ])("refuses a name made of %s", async (_label, name) => {
    const t = app();
    const res = await t.call("POST", "/api/auth/register", {
      email: "blank-name@example.com",
      password: "correct horse battery",
      firstName: name,
      lastName: "Whitfield",
    });
    expect((await fieldErrorsOf(res)).firstName).toBe(MSG.firstNameRequired);
    const dealer = await register(t);
    const quote = await t.call(
      "POST",
      "/api/quotes",
      quoteBody({ advertisedPrice: 100 }, name),
      dealer.token,
    );
    expect((await fieldErrorsOf(quote))["vehicle.description"]).toBe(MSG.descriptionRequired);
    expect(t.db.select().from(users).all()).toHaveLength(1);
  });

  it("trims names and keeps accented and non-Latin ones", async () => {
    const t = app();
    const dealer = await register(t, { firstName: "  Zoë  ", lastName: "\u200B李" });
    expect(dealer.user.firstName).toBe("Zoë");
    expect(dealer.user.lastName).toBe("\u200B李");
  });
});

describe("a body over the limit", () => {
  let h: LiveHarness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  it("answers 413 with Connection: close, closes that connection, and the next request works", async () => {
    h = await startLiveHarness();
    const url = new URL(h.server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const big = Buffer.alloc(2 * 1024 * 1024, "a");
    const answer = await new Promise<{
      status: number;
      connection: string | undefined;
      closed: Promise<void>;
    }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: "/api/auth/register",
          method: "POST",
          agent,
          headers: { "Content-Type": "application/json", "Content-Length": big.length },
        },
        (res) => {
          const socket = res.socket;
          const closed = new Promise<void>((done) => socket.once("close", () => done()));
          res.resume();
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, closed }),
          );
        },
      );
      req.on("error", reject);
      req.end(big);
    });
    expect(answer.status).toBe(413);
    expect(answer.connection).toBe("close");
    await answer.closed;
    const next = await new Promise<number>((resolve, reject) => {
      http
        .get({ host: url.hostname, port: url.port, path: "/api/health", agent }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on("error", reject);
    });
    expect(next).toBe(200);
    agent.destroy();
  });
});

describe("DATA_DIR", () => {
  it("is created 0700 and its files 0600: database, WAL, lock, JWT secret, outbox mail", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "dealdesk-perms-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const config = readConfig({ DATA_DIR: path.join(root, "fresh", "data"), LOG_REQUESTS: "false" });
    const lock = lockDataDir(config.dataDir);
    const db = openDatabase(config.dataDir);
    db.$client.exec("CREATE TABLE IF NOT EXISTS perms_probe (x); INSERT INTO perms_probe VALUES (1)");
    await createMailer(config, () => {}).send({
      to: "dealer@example.com",
      subject: "Hello",
      text: "Hi",
      html: "<p>Hi</p>",
    });
    const mode = (file: string) => statSync(path.join(config.dataDir, file)).mode & 0o777;
    expect(statSync(config.dataDir).mode & 0o777).toBe(0o700);
    expect(mode("outbox")).toBe(0o700);
    const files = [
      "dealdesk.sqlite",
      "dealdesk.sqlite-wal",
      "dealdesk.sqlite-shm",
      "dealdesk.lock",
      "jwt-secret",
    ];
    const outbox = readdirSync(path.join(config.dataDir, "outbox")).map((name) => path.join("outbox", name));
    expect(outbox).toHaveLength(1);
    for (const file of [...files, ...outbox]) expect([file, mode(file).toString(8)]).toEqual([file, "600"]);
    closeDatabase(db);
    lock.release();
  });
});
