import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  applyHistoryPush,
  encodeHistoryWanted,
  type HistoryPush,
  MESSAGE_HISTORY,
  parseHistoryPush,
} from "@shared/history/history-push";
import type { HistoryEvent } from "@shared/history/history-text";
import { type DealState, MESSAGE_DEAL_STATE, parseDealState } from "@shared/live/deal-state";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { writeField } from "@shared/live/quote-doc";
import { MSG } from "@shared/text/messages";
import Database from "better-sqlite3";
import * as decoding from "lib0/decoding";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiCall, acceptAsShown } from "../test-support/accept-quote";
import { bundleChildServer, type ChildServer, startChildServer } from "../test-support/child-server";
import {
  type Client,
  connectClient,
  destroyClient,
  eventually,
  jsonRequest,
  sampleQuote,
  synced,
} from "../test-support/live-test-kit";
import { type PostgresService, type RedisService, startPostgres, startRedis } from "../test-support/services";
import { accordBody } from "../test-support/stock-vehicles";

// Issue #33: the deal's state binds every socket on every process. Each state change is made
// through process A while the sockets are on B (the same process on SQLite, another one on
// PostgreSQL + Redis); an open socket on B writes 200 ms and 1,500 ms after the change, and a
// fresh one writes too: the close code each gets and the stored deal are checked.

const JWT_SECRET = "lifecycle-test-secret-0123456789abcdef";
const bundle = bundleChildServer();
const dirs: string[] = [];
const children = new Set<ChildServer>();

type Proc = { url: string; server: { url: string }; dataDir: string; child: ChildServer };

async function startProc(env: NodeJS.ProcessEnv): Promise<Proc> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dealdesk-lifecycle-"));
  dirs.push(dataDir);
  const child = await startChildServer(bundle, {
    ...process.env,
    DATA_DIR: dataDir,
    JWT_SECRET,
    LOG_REQUESTS: "false",
    SIGNUPS_PER_IP_PER_HOUR: "100000",
    QUOTES_PER_DEALER_PER_MINUTE: "100000",
    ...env,
  });
  children.add(child);
  return { url: child.url, server: { url: child.url }, dataDir, child };
}

async function stopProc(proc: Proc) {
  const { process: child } = proc.child;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
  children.delete(proc.child);
}

/** The requests of one process, as the acceptance helper takes them. */
const via =
  (proc: Proc): ApiCall =>
  (method, url, body, token) =>
    api(proc, method, url, body, token);

const api = (proc: Proc, method: string, url: string, body?: unknown, token?: string) =>
  jsonRequest(proc.url, method, url, body, token);

type Backend = {
  a: Proc;
  b: Proc;
  /** Writes the quote's expiry straight into the database, as a state change (state seq moved). */
  setExpiry(quoteId: string, at: number): Promise<void>;
  stop(): Promise<void>;
  redis?: RedisService;
};

const backends: { name: string; start(): Promise<Backend> }[] = [
  {
    name: "SQLite, one process",
    async start() {
      const a = await startProc({});
      const db = new Database(path.join(a.dataDir, "dealdesk.sqlite"));
      db.pragma("busy_timeout = 5000");
      return {
        a,
        b: a,
        async setExpiry(quoteId, at) {
          db.prepare("UPDATE quotes SET expires_at = ?, state_seq = state_seq + 1 WHERE id = ?").run(
            at,
            quoteId,
          );
        },
        async stop() {
          db.close();
          await stopProc(a);
        },
      };
    },
  },
  {
    name: "PostgreSQL + Redis, two processes",
    async start() {
      const [postgres, redis]: [PostgresService, RedisService] = await Promise.all([
        startPostgres(),
        startRedis(),
      ]);
      const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url };
      const [a, b] = await Promise.all([startProc(env), startProc(env)]);
      const pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
      return {
        a,
        b,
        redis,
        async setExpiry(quoteId, at) {
          await pool.query("UPDATE quotes SET expires_at = $1, state_seq = state_seq + 1 WHERE id = $2", [
            at,
            quoteId,
          ]);
        },
        async stop() {
          await pool.end();
          await Promise.all([stopProc(a), stopProc(b)]);
          await Promise.all([postgres.cleanup(), redis.cleanup()]);
        },
      };
    },
  },
];

afterAll(() => {
  for (const child of children) child.process.kill("SIGKILL");
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(path.dirname(bundle), { recursive: true, force: true });
});

let count = 0;
async function registerOwner(proc: Proc): Promise<string> {
  count += 1;
  const res = await api(proc, "POST", "/api/auth/register", {
    email: `owner${count}-${Date.now()}@example.com`,
    password: "correct horse battery",
    firstName: "Dana",
    lastName: "Whitfield",
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** A member who joined through a real invitation (the link read from the inviting process's outbox). */
async function invite(
  proc: Proc,
  ownerToken: string,
  role: "manager" | "salesperson",
  firstName: string,
  lastName: string,
): Promise<{ id: string; token: string }> {
  count += 1;
  const email = `${firstName.toLowerCase()}${count}-${Date.now()}@example.com`;
  const sent = await api(proc, "POST", "/api/team/invitations", { email, role }, ownerToken);
  expect(sent.status).toBeLessThan(300);
  const outbox = path.join(proc.dataDir, "outbox");
  const link = await eventually(() => {
    for (const file of readdirSync(outbox)) {
      const mail = readFileSync(path.join(outbox, file), "utf8");
      if (!mail.includes(email)) continue;
      const match = /accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(
        mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="),
      );
      if (match?.[1]) return decodeURIComponent(match[1]);
    }
    throw new Error(`no invitation for ${email} yet`);
  });
  const joined = await api(proc, "POST", "/api/auth/accept-invitation", {
    token: link,
    firstName,
    lastName,
    password: "correct horse battery",
  });
  expect(joined.status, await joined.clone().text()).toBe(201);
  const body = (await joined.json()) as { token: string; user: { id: string } };
  return { id: body.user.id, token: body.token };
}

async function createQuote(proc: Proc, token: string): Promise<string> {
  const res = await api(proc, "POST", "/api/quotes", sampleQuote, token);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

type Watched = Client & { states: DealState[] };

/** A stock provider that also records the deal states the server pushes. */
function watch(proc: Proc, quoteId: string, options: { token?: string; private?: boolean } = {}): Watched {
  const client = connectClient(proc, quoteId, { ...options, connect: false });
  const states: DealState[] = [];
  client.provider.messageHandlers[MESSAGE_DEAL_STATE] = (_encoder, decoder) => {
    const state = parseDealState(decoding.readVarString(decoder));
    if (state) states.push(state);
  };
  client.provider.connect();
  return { ...client, states };
}

const codes = (client: Client) => client.closed.map((c) => c.code);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storedDeal(proc: Proc, quoteId: string, token: string) {
  const res = await api(proc, "GET", `/api/quotes/${quoteId}`, undefined, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data as {
    downPayment: number;
    pricing: { discount: number };
    customerInfo?: { name: string };
  };
}

const acceptBody = {
  name: "Sam Rivera",
  phone: "15551234567",
  email: "sam@example.com",
  structure: { structure: "cash" },
};

for (const backend of backends) {
  describe(`the deal's lifecycle on every socket: ${backend.name}`, () => {
    let setup: Backend;
    beforeAll(async () => {
      setup = await backend.start();
    }, 90_000);
    afterAll(async () => setup?.stop());

    it("an acceptance through A locks the deal for B's open sockets (at 200 ms and 1,500 ms) and fresh ones: 4423, the deal stays the accepted version", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const id = await createQuote(a, token);
      const shopper = watch(b, id);
      const dealer = watch(b, id, { token });
      await Promise.all([synced(shopper), synced(dealer)]);
      writeField(shopper.deal, "downPayment", -1950);
      await eventually(async () => expect((await storedDeal(a, id, token)).downPayment).toBe(-1950));

      expect((await acceptAsShown(via(a), id, acceptBody)).status).toBe(201);
      // Both pages hear of it within a second.
      await eventually(
        () => expect(shopper.states.at(-1)).toMatchObject({ locked: true, acceptedVersion: 1 }),
        1000,
      );
      await eventually(() => expect(dealer.states.at(-1)).toMatchObject({ locked: true }), 1000);
      await sleep(200);
      writeField(shopper.deal, "downPayment", -4242);
      await eventually(() => expect(codes(shopper)).toContain(LIVE_CLOSE_CODES.dealLocked), 2000);
      await sleep(1300);
      writeField(dealer.deal, "pricing.discount", 999);
      await eventually(() => expect(codes(dealer)).toContain(LIVE_CLOSE_CODES.dealLocked), 2000);
      const fresh = watch(b, id);
      await synced(fresh);
      writeField(fresh.deal, "downPayment", -5000);
      await eventually(() => expect(codes(fresh)).toContain(LIVE_CLOSE_CODES.dealLocked), 2000);

      const stored = await storedDeal(a, id, token);
      expect(stored.downPayment).toBe(-1950);
      expect(stored.pricing.discount).toBe(500);
      const version = (await (
        await api(b, "GET", `/api/quotes/${id}/versions/1`, undefined, token)
      ).json()) as {
        snapshot: { data: { downPayment: number } };
      };
      expect(version.snapshot.data.downPayment).toBe(stored.downPayment);
      for (const client of [shopper, dealer, fresh]) destroyClient(client);
    });

    it("an unlock and a renewal through A reopen the deal for B's sockets at once", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const id = await createQuote(a, token);
      expect((await acceptAsShown(via(a), id, acceptBody)).status).toBe(201);
      const dealer = watch(b, id, { token });
      await synced(dealer);
      expect((await api(a, "POST", `/api/quotes/${id}/unlock`, {}, token)).status).toBe(200);
      await eventually(() => expect(dealer.states.at(-1)).toMatchObject({ locked: false }), 1000);
      await sleep(200);
      writeField(dealer.deal, "pricing.discount", 321);
      await eventually(async () => expect((await storedDeal(a, id, token)).pricing.discount).toBe(321));
      expect(codes(dealer)).toEqual([]);

      // Expired: the shopper's writes are refused; renewed through A, B takes them at once.
      await setup.setExpiry(id, Date.now() - 60_000);
      const shopper = watch(b, id);
      await synced(shopper);
      await eventually(() => expect(shopper.states.at(-1)).toMatchObject({ expired: true }), 1000);
      expect((await api(a, "POST", `/api/quotes/${id}/renew`, {}, token)).status).toBe(200);
      await eventually(() => expect(shopper.states.at(-1)?.expired).toBeUndefined(), 1000);
      await sleep(200);
      writeField(shopper.deal, "downPayment", -777);
      await eventually(async () => expect((await storedDeal(a, id, token)).downPayment).toBe(-777));
      expect(codes(shopper)).toEqual([]);
      for (const client of [dealer, shopper]) destroyClient(client);
    });

    it("a reassignment through A closes the first salesperson's deal and private sockets on B with 4401, names the new one, and stores none of their writes", async () => {
      const { a, b } = setup;
      const owner = await registerOwner(a);
      const kim = await invite(a, owner, "salesperson", "Kim", "Lee");
      const sam = await invite(a, owner, "salesperson", "Sam", "Seller");
      const id = await createQuote(a, kim.token);
      const deal = watch(b, id, { token: kim.token });
      const priv = watch(b, id, { token: kim.token, private: true });
      await Promise.all([synced(deal), synced(priv)]);

      const moved = await api(a, "PUT", `/api/quotes/${id}/salesperson`, { userId: sam.id }, owner);
      expect(moved.status).toBe(200);
      const started = Date.now();
      await sleep(200);
      writeField(deal.deal, "pricing.discount", 4200);
      writeField(priv.deal, "customerInfo", { name: "Mallory", email: "", phone: "" });
      await eventually(() => expect(codes(deal)).toContain(LIVE_CLOSE_CODES.tokenRevoked), 1000);
      await eventually(() => expect(codes(priv)).toContain(LIVE_CLOSE_CODES.tokenRevoked), 1000);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(deal.states.map((s) => s.reassignedTo).filter(Boolean)).toEqual(["Sam Seller"]);
      const stored = await storedDeal(a, id, owner);
      expect(stored.pricing.discount).toBe(500);
      expect(stored.customerInfo?.name ?? "").toBe("");
      // A fresh socket with the same token is only a shopper now: dealer keys are refused.
      const fresh = watch(b, id, { token: kim.token });
      await synced(fresh);
      writeField(fresh.deal, "pricing.discount", 4300);
      await eventually(() => expect(codes(fresh)).toContain(LIVE_CLOSE_CODES.changeRefused), 2000);
      expect((await storedDeal(b, id, sam.token)).pricing.discount).toBe(500);
      for (const client of [deal, priv, fresh]) destroyClient(client);
    });

    it("a manager demoted through A loses a colleague's quote on B within a second: 4401, nothing stored", async () => {
      const { a, b } = setup;
      const owner = await registerOwner(a);
      const mia = await invite(a, owner, "manager", "Mia", "Stone");
      const sam = await invite(a, owner, "salesperson", "Sam", "Seller");
      const id = await createQuote(a, sam.token);
      const manager = watch(b, id, { token: mia.token });
      await synced(manager);
      const demoted = await api(a, "PUT", `/api/team/members/${mia.id}`, { role: "salesperson" }, owner);
      expect(demoted.status).toBe(200);
      await sleep(200);
      writeField(manager.deal, "pricing.discount", 2500);
      await eventually(() => expect(codes(manager)).toContain(LIVE_CLOSE_CODES.tokenRevoked), 1000);
      expect((await storedDeal(a, id, sam.token)).pricing.discount).toBe(500);
      destroyClient(manager);
    });

    it("the owner turning 'Salespeople see gross' off through A closes a salesperson's economics socket on B within a second: 4401, nothing stored; the deal stays open (issue #38)", async () => {
      const { a, b } = setup;
      const owner = await registerOwner(a);
      const sam = await invite(a, owner, "salesperson", "Sam", "Seller");
      const settings = { pack: 500, participation: 0, buyRates: {}, buyMoneyFactors: {} };
      const seeGross = async (salespeopleSeeGross: boolean) =>
        expect(
          (await api(a, "PUT", "/api/dealer-defaults/economics", { ...settings, salespeopleSeeGross }, owner))
            .status,
        ).toBe(200);
      await seeGross(true);
      const id = await createQuote(a, sam.token);
      const economics = connectClient(b, id, { token: sam.token, economics: true });
      const deal = watch(b, id, { token: sam.token });
      await Promise.all([synced(economics), synced(deal)]);
      const started = Date.now();
      await seeGross(false);
      await sleep(200);
      writeField(economics.deal, "economics", { ...settings, vehicleCost: 1, addOnCosts: [] });
      await eventually(() => expect(codes(economics)).toContain(LIVE_CLOSE_CODES.tokenRevoked), 1000);
      expect(Date.now() - started).toBeLessThan(1500);
      expect(codes(deal)).toEqual([]);
      const quote = await api(a, "GET", `/api/quotes/${id}`, undefined, owner);
      expect(((await quote.json()) as { economics?: { vehicleCost?: number } }).economics?.vehicleCost).toBe(
        undefined,
      );
      for (const client of [economics, deal]) destroyClient(client);
    });

    it("an expiry that passes while the shopper's socket on B is open turns it read-only at that moment", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const id = await createQuote(a, token);
      const shopper = watch(b, id);
      await synced(shopper);
      const expiresAt = Date.now() + 1500;
      await setup.setExpiry(id, expiresAt);
      await eventually(() => expect(shopper.states.at(-1)).toMatchObject({ expired: true }), 3000);
      // Told within the watch's tick of the moment, not at the next load.
      expect(Date.now() - expiresAt).toBeLessThan(1000);
      writeField(shopper.deal, "downPayment", -6000);
      await eventually(() => expect(codes(shopper)).toContain(LIVE_CLOSE_CODES.changeRefused), 2000);
      expect((await storedDeal(a, id, token)).downPayment).toBe(-2450);
      destroyClient(shopper);
    });

    it("takes the shopper's pick only from the dealer's grid, live and at acceptance", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const id = await createQuote(a, token);
      const dealer = watch(a, id, { token });
      await synced(dealer);
      // Issue #46: a pick is a structure and a term; a term off the grid or a lease without a
      // programme is refused whatever down an older page names with it.
      for (const choice of [
        { structure: "lease", months: 36 },
        { structure: "lease", down: 0, months: 24 },
        { structure: "finance", down: 0.01, months: 84 },
      ]) {
        const shopper = watch(b, id);
        await synced(shopper);
        writeField(shopper.deal, "shopperChoice", choice);
        await eventually(() => expect(codes(shopper)).toContain(LIVE_CLOSE_CODES.changeRefused), 2000);
        destroyClient(shopper);
        const accepted = await acceptAsShown(via(a), id, { ...acceptBody, structure: choice });
        expect(accepted.status).toBe(400);
        expect(((await accepted.json()) as { message: string }).message).toBe(MSG.optionNoLongerOffered);
      }
      // A cell the grid shows is taken; hidden by the dealer, it can no longer be accepted.
      const shopper = watch(b, id);
      await synced(shopper);
      const offered = { structure: "finance", months: 60 };
      writeField(shopper.deal, "shopperChoice", offered);
      await eventually(async () =>
        expect(((await storedDeal(a, id, token)) as { shopperChoice?: unknown }).shopperChoice).toEqual(
          offered,
        ),
      );
      expect(codes(shopper)).toEqual([]);
      writeField(dealer.deal, "structures", {
        downs: [0, 2000, 4000],
        financeTerms: [48, 60, 72],
        leaseTerms: [24, 36, 48],
        hidden: ["finance"],
      });
      await eventually(async () =>
        expect(
          ((await storedDeal(a, id, token)) as { structures?: { hidden: string[] } }).structures?.hidden,
        ).toEqual(["finance"]),
      );
      const refused = await acceptAsShown(via(a), id, { ...acceptBody, structure: offered });
      expect(refused.status).toBe(400);
      for (const client of [dealer, shopper]) destroyClient(client);
    });

    if (backend.name.startsWith("PostgreSQL"))
      it("binds B within the poll's bound while Redis is down", async () => {
        const { a, b, redis } = setup;
        const token = await registerOwner(a);
        const id = await createQuote(a, token);
        const shopper = watch(b, id);
        await synced(shopper);
        await redis?.stop();
        try {
          expect((await acceptAsShown(via(a), id, acceptBody)).status).toBe(201);
          await eventually(() => expect(shopper.states.at(-1)).toMatchObject({ locked: true }), 1000);
          await sleep(200);
          writeField(shopper.deal, "downPayment", -4242);
          await eventually(() => expect(codes(shopper)).toContain(LIVE_CLOSE_CODES.dealLocked), 2500);
          expect((await storedDeal(a, id, token)).downPayment).toBe(-2450);
        } finally {
          await redis?.start();
        }
        destroyClient(shopper);
      }, 30_000);
  });
}

// Issue #48: every open page stays true on every process. A change made through A reaches B's open
// sockets within a second: the deal's state with its seq (the dealer's page then reads the quote
// again: gross, the stock vehicle's status), and each history row for the open History panels.

type Followed = Watched & { pushes: HistoryPush[] };

/** A dealer's deal socket on `proc` whose History panel is on screen (it asked for pushes). */
function followHistory(proc: Proc, quoteId: string, token: string): Followed {
  const client = connectClient(proc, quoteId, { token, connect: false });
  const states: DealState[] = [];
  const pushes: HistoryPush[] = [];
  client.provider.messageHandlers[MESSAGE_DEAL_STATE] = (_encoder, decoder) => {
    const state = parseDealState(decoding.readVarString(decoder));
    if (state) states.push(state);
  };
  client.provider.messageHandlers[MESSAGE_HISTORY] = (_encoder, decoder) => {
    const push = parseHistoryPush(decoding.readVarString(decoder));
    if (push) pushes.push(push);
  };
  client.provider.on("status", ({ status }: { status: string }) => {
    if (status === "connected") client.provider.ws?.send(encodeHistoryWanted(true));
  });
  client.provider.connect();
  return { ...client, states, pushes };
}

async function history(proc: Proc, quoteId: string, token: string): Promise<HistoryEvent[]> {
  const res = await api(proc, "GET", `/api/quotes/${quoteId}/history`, undefined, token);
  expect(res.status).toBe(200);
  return ((await res.json()) as { events: HistoryEvent[] }).events;
}

async function answer(proc: Proc, quoteId: string, token: string) {
  const res = await api(proc, "GET", `/api/quotes/${quoteId}`, undefined, token);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    gross?: unknown;
    stock?: { status: string; otherAcceptedAt: string | null };
    stateSeq?: number;
  };
}

/** The owner turns "Salespeople see gross" on through `proc`, the dealership's other settings kept. */
async function turnGrossOn(proc: Proc, ownerToken: string) {
  const settings = (await (
    await api(proc, "GET", "/api/dealer-defaults/economics", undefined, ownerToken)
  ).json()) as Record<string, unknown>;
  const on = await api(
    proc,
    "PUT",
    "/api/dealer-defaults/economics",
    { ...settings, salespeopleSeeGross: true },
    ownerToken,
  );
  expect(on.status).toBe(200);
}

const newestSeq = (client: Watched) => client.states.findLast((s) => s.seq !== undefined)?.seq;

for (const backend of backends) {
  describe(`open pages stay true on every process (issue #48): ${backend.name}`, () => {
    let setup: Backend;
    beforeAll(async () => {
      setup = await backend.start();
    }, 90_000);
    afterAll(async () => setup?.stop());

    it("B's open History panel gets every row stored through A and B, in order, through an acceptance, a counter-offer and an offline merge", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const id = await createQuote(a, token);
      const dealer = followHistory(b, id, token);
      const shopper = watch(a, id);
      await Promise.all([synced(dealer), synced(shopper)]);
      let panel = await history(b, id, token);
      const seen = () => {
        panel = dealer.pushes.splice(0).reduce(applyHistoryPush, panel);
        return panel;
      };

      writeField(shopper.deal, "downPayment", -4000);
      await eventually(async () => expect((await storedDeal(a, id, token)).downPayment).toBe(-4000));
      expect((await acceptAsShown(via(a), id, acceptBody)).status).toBe(201);
      await eventually(() => expect(dealer.states.at(-1)).toMatchObject({ locked: true }), 1000);
      expect((await api(a, "POST", `/api/quotes/${id}/unlock`, {}, token)).status).toBe(200);
      await eventually(() => expect(dealer.states.at(-1)).toMatchObject({ locked: false }), 1000);
      writeField(dealer.deal, "downPayment", -3000);
      writeField(dealer.deal, "pricing.discount", 800);
      await eventually(async () => expect((await storedDeal(a, id, token)).pricing.discount).toBe(800));
      expect((await api(a, "POST", `/api/quotes/${id}/versions`, {}, token)).status).toBe(201);

      // The shopper's phone offline: its change of the down payment loses to the dealer's later one.
      shopper.provider.disconnect();
      writeField(shopper.deal, "downPayment", -7000);
      writeField(dealer.deal, "downPayment", -2500);
      await eventually(async () => expect((await storedDeal(a, id, token)).downPayment).toBe(-2500));
      shopper.provider.connect();
      await eventually(async () =>
        expect((await history(a, id, token)).map((e) => e.field)).toContain("offline.downPayment"),
      );

      const stored = await history(a, id, token);
      expect(stored.map((e) => e.field)).toEqual(
        expect.arrayContaining(["accepted", "unlocked", "counterOffer", "pricing.discount"]),
      );
      await eventually(() => expect(seen()).toEqual(stored), 1000);
      for (const client of [dealer, shopper]) destroyClient(client);
    });

    it("'Salespeople see gross' turned on through A reaches a salesperson's open page on B within a second", async () => {
      const { a, b } = setup;
      const ownerToken = await registerOwner(a);
      const sam = await invite(a, ownerToken, "salesperson", "Sam", "Seller");
      const id = await createQuote(a, sam.token);
      const page = watch(b, id, { token: sam.token });
      await synced(page);
      const before = await answer(b, id, sam.token);
      expect(before.gross).toBeUndefined();
      // The join told the page the seq it holds: the answer's, so the page reads nothing again.
      expect(newestSeq(page)).toBe(before.stateSeq);
      await turnGrossOn(a, ownerToken);
      // The page hears that the quote's state moved, and reads the quote again: with the gross now.
      await eventually(() => expect(newestSeq(page)).toBeGreaterThan(before.stateSeq ?? Number.NaN), 1000);
      const after = await answer(b, id, sam.token);
      expect(after.gross).toBeDefined();
      expect(after.stateSeq).toBe(newestSeq(page));
      const economics = connectClient(b, id, { token: sam.token, economics: true });
      await synced(economics);
      expect(economics.closed).toEqual([]);
      for (const client of [page, economics]) destroyClient(client);
    });

    it("a dealer's socket that joins after a change its page's answer predates is told the newer seq at the join; a shopper's join is told the state without one", async () => {
      const { a, b } = setup;
      const ownerToken = await registerOwner(a);
      const sam = await invite(a, ownerToken, "salesperson", "Sam", "Seller");
      const id = await createQuote(a, sam.token);
      // The page read its answer, then (its socket not yet joined, as when the page opens new
      // sockets for a right it just gained) the owner turns "Salespeople see gross" on through A.
      const read = await answer(b, id, sam.token);
      expect(read.gross).toBeUndefined();
      expect(read.stateSeq).toEqual(expect.any(Number));
      await turnGrossOn(a, ownerToken);
      // No socket of the quote was open, so no push: the join itself says the seq moved.
      const page = watch(b, id, { token: sam.token });
      const shopper = watch(b, id);
      await Promise.all([synced(page), synced(shopper)]);
      expect(page.states).toHaveLength(1);
      expect(page.states[0]).toMatchObject({ locked: false, acceptedVersion: null });
      expect(page.states[0]?.seq).toBeGreaterThan(read.stateSeq ?? Number.NaN);
      // Read again at that seq, the answer has the gross.
      const again = await answer(b, id, sam.token);
      expect(again.gross).toBeDefined();
      expect(again.stateSeq).toBe(page.states[0]?.seq);
      // The shopper's page is told the deal's state at its join too: open, no seq.
      await eventually(() => expect(shopper.states).toHaveLength(1), 1000);
      expect(shopper.states[0]).toMatchObject({ locked: false, acceptedVersion: null, counterOffer: null });
      expect(shopper.states[0]?.seq).toBeUndefined();
      for (const client of [page, shopper]) destroyClient(client);
    });

    it("a shopper's socket that joins after an unlock and a counter-offer its page's answer predates is told the open deal and the counter-offer at the join", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const id = await createQuote(a, token);
      expect((await acceptAsShown(via(a), id, acceptBody)).status).toBe(201);
      // The shopper's page showed the accepted deal, then lost its connection (or opened offline).
      const early = watch(b, id);
      await synced(early);
      await eventually(
        () => expect(early.states.at(-1)).toMatchObject({ locked: true, acceptedVersion: 1 }),
        1000,
      );
      destroyClient(early);
      // Its socket's close reaches B, whose room of the quote unloads with it.
      await sleep(300);
      // With no socket of the quote open anywhere, the dealer reopens it and sends a counter-offer.
      expect((await api(a, "POST", `/api/quotes/${id}/unlock`, {}, token)).status).toBe(200);
      expect((await api(a, "POST", `/api/quotes/${id}/versions`, {}, token)).status).toBe(201);
      // The page's socket joins again: the join itself says the deal is open, with the counter-offer.
      const shopper = watch(b, id);
      await synced(shopper);
      await eventually(
        () => expect(shopper.states.at(-1)).toMatchObject({ locked: false, counterOffer: 2 }),
        1000,
      );
      // The join's own message (a shopper's has no seq) says so. A push of the unlock or the
      // counter-offer may still reach B after the join, under load, and carries its seq by design.
      expect(shopper.states.find((state) => state.seq === undefined)).toMatchObject({
        locked: false,
        counterOffer: 2,
      });
      // A second device joining the room now loaded is told the same, without a read of its own.
      const second = watch(b, id);
      await synced(second);
      await eventually(
        () => expect(second.states.at(-1)).toMatchObject({ locked: false, counterOffer: 2 }),
        1000,
      );
      writeField(shopper.deal, "downPayment", -1234);
      await eventually(async () => expect((await storedDeal(a, id, token)).downPayment).toBe(-1234));
      for (const client of [shopper, second]) destroyClient(client);
    });

    it("a stock status change through A (accepted, another deal accepted on the car, reopened, sold) reaches the deals' open pages on B within a second", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const added = await api(a, "POST", "/api/inventory", accordBody(), token);
      expect(added.status).toBe(201);
      const vehicleId = ((await added.json()) as { id: string }).id;
      const fromStock = async () => {
        const res = await api(a, "POST", "/api/quotes", { inventoryId: vehicleId }, token);
        expect(res.status).toBe(201);
        return ((await res.json()) as { id: string }).id;
      };
      const [first, second] = [await fromStock(), await fromStock()];
      const firstPage = watch(b, first, { token });
      const secondPage = watch(b, second, { token });
      await Promise.all([synced(firstPage), synced(secondPage)]);
      const moves = async (pages: Watched[], change: () => Promise<Response>) => {
        const before = pages.map(newestSeq);
        expect((await change()).status).toBeLessThan(300);
        await eventually(() => {
          for (const [i, page] of pages.entries()) expect(newestSeq(page)).not.toBe(before[i]);
        }, 1000);
      };

      await moves([firstPage, secondPage], () => acceptAsShown(via(a), first, acceptBody));
      expect((await answer(b, first, token)).stock?.status).toBe("pending");
      expect((await answer(b, second, token)).stock).toMatchObject({
        status: "pending",
        otherAcceptedAt: expect.any(String),
      });
      await moves([firstPage, secondPage], () => api(a, "POST", `/api/quotes/${first}/unlock`, {}, token));
      expect((await answer(b, second, token)).stock?.status).toBe("available");
      await moves([firstPage, secondPage], () => api(a, "POST", `/api/quotes/${second}/sold`, {}, token));
      expect((await answer(b, first, token)).stock?.status).toBe("sold");
      for (const client of [firstPage, secondPage]) destroyClient(client);
    });

    it("a renewal through A of an expired quote reopens it on B's shopper page, with the seq", async () => {
      const { a, b } = setup;
      const token = await registerOwner(a);
      const id = await createQuote(a, token);
      await setup.setExpiry(id, Date.now() - 1000);
      const shopper = watch(b, id);
      await synced(shopper);
      await eventually(() => expect(shopper.states.at(-1)).toMatchObject({ expired: true }), 1000);
      expect((await api(a, "POST", `/api/quotes/${id}/renew`, {}, token)).status).toBeLessThan(300);
      await eventually(() => {
        expect(shopper.states.at(-1)?.expired).toBeUndefined();
        expect(shopper.states.at(-1)?.seq).toBeDefined();
      }, 1000);
      destroyClient(shopper);
    });
  });
}
