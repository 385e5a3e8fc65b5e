import type { CreditTier } from "@shared/core/constants";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { dealDocName, writeField } from "@shared/live/quote-doc";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveFirstWrites, yjsUpdates } from "../db/schema";
import {
  type Client,
  connectClient,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  startLiveHarness,
  synced,
  upgradeStatus,
} from "../test-support/live-test-kit";

// Issue #47: eight strangers from eight addresses, each with one harmless shopper edit (the credit
// tier), used to hold all eight shopper slots against the customer's phone, which had written to
// the quote long before them. Devices rank by their first write to the quote now.

let h: LiveHarness;
beforeAll(async () => {
  // Two sockets per address: the strangers need an address each, as in the issue.
  h = await startLiveHarness({ env: { TRUST_PROXY: "true", LIVE_MAX_CONNECTIONS_PER_IP: "2" } });
});
afterAll(async () => {
  await h.stop();
});

const TIERS: CreditTier[] = ["excellent", "very-good", "good", "fair", "poor"];

async function serverDeal(id: string) {
  const res = await h.api("GET", `/api/quotes/${id}`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

const storedFirstWrites = (id: string) =>
  new Map(
    h.db
      .select()
      .from(liveFirstWrites)
      .where(eq(liveFirstWrites.quoteId, id))
      .all()
      .map((row) => [row.principal, row.writtenAt]),
  );

const stranger = (id: string, i: number) => ({ device: `stranger-${i}-${id}`, ip: `198.51.100.${i + 1}` });

/** A shopper's device on its own address writes one field and waits until the server has it. */
async function writeOnce(
  id: string,
  client: Client,
  key: "selectedCreditTier" | "downPayment",
  value: unknown,
) {
  await synced(client);
  writeField(client.deal, key, value);
  await eventually(async () => expect((await serverDeal(id))[key]).toEqual(value));
}

/** A quote whose customer's phone wrote to it, then went offline (the phone still open in the test). */
async function quoteWithCustomer() {
  const { token } = await h.dealer();
  const id = await createQuoteVia(h, token);
  const phone = connectClient(h, id, { device: `customer-phone-${id}`, ip: "203.0.113.7" });
  await writeOnce(id, phone, "selectedCreditTier", "excellent");
  phone.provider.disconnect();
  await eventually(() => expect(phone.provider.wsconnected).toBe(false));
  return { id, phone };
}

/** Eight strangers, one after the other, each from its own address with one credit-tier edit. */
async function eightStrangers(id: string) {
  const strangers: Client[] = [];
  for (let i = 0; i < 8; i++) {
    const client = connectClient(h, id, stranger(id, i));
    await writeOnce(id, client, "selectedCreditTier", TIERS[(i + 1) % TIERS.length]);
    strangers.push(client);
  }
  return strangers;
}

const replaced = (client: Client) => client.closed.some((c) => c.code === LIVE_CLOSE_CODES.replaced);

describe("the eight-writer lockout (issue #47)", () => {
  it("the customer's phone, which wrote first, is admitted at once; the stranger who wrote last gets 4409", async () => {
    const { id, phone } = await quoteWithCustomer();
    const strangers = await eightStrangers(id);
    // The slots are full: a ninth visitor is refused.
    expect(await upgradeStatus(h, dealDocName(id), { ip: "192.0.2.50" })).toBe(429);
    // Stored with each first write: the phone's is the earliest.
    const firstWrites = storedFirstWrites(id);
    const phoneWrote = firstWrites.get(`shopper:customer-phone-${id}`) as number;
    for (let i = 0; i < 8; i++)
      expect(firstWrites.get(`shopper:${stranger(id, i).device}`)).toBeGreaterThan(phoneWrote);

    // The phone comes back with an edit made offline: in on its first attempt.
    writeField(phone.deal, "downPayment", -900);
    const refusedBefore = phone.closed.length;
    const started = performance.now();
    phone.provider.connect();
    await synced(phone);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(phone.closed).toHaveLength(refusedBefore);
    await eventually(() => expect(replaced(strangers[7] as Client)).toBe(true));
    await eventually(async () => expect((await serverDeal(id)).downPayment).toBe(-900));
    for (const client of strangers.slice(0, 7)) {
      expect(replaced(client)).toBe(false);
      expect(client.provider.wsconnected).toBe(true);
    }

    // Still full, and the stranger who wrote last cannot take anyone's slot back (its page stops
    // at 4409; a hostile client asks again).
    expect(await upgradeStatus(h, dealDocName(id), stranger(id, 7))).toBe(429);
    expect(phone.provider.wsconnected).toBe(true);
    for (const client of [phone, ...strangers]) destroyClient(client);
  });

  it("a stranger never takes the customer's slot: an earlier stranger takes the latest newcomer's", async () => {
    const { id, phone } = await quoteWithCustomer();
    const strangers = await eightStrangers(id);
    phone.provider.connect();
    await synced(phone);
    await eventually(() => expect(replaced(strangers[7] as Client)).toBe(true));

    // Stranger 1 leaves; a newcomer that never wrote takes the free slot.
    destroyClient(strangers[1] as Client);
    const newcomer = connectClient(h, id, { device: `newcomer-${id}`, ip: "192.0.2.9" });
    await synced(newcomer);
    // Stranger 1 comes back: it wrote, the newcomer did not.
    const back = connectClient(h, id, stranger(id, 1));
    await synced(back);
    await eventually(() => expect(replaced(newcomer)).toBe(true));
    // Stranger 6 leaves and comes back: strangers 2-5 wrote before it, the phone long before.
    destroyClient(strangers[6] as Client);
    const sixAgain = connectClient(h, id, stranger(id, 6));
    await synced(sixAgain);
    // Nobody else can get in now: every holder wrote before strangers 7 and the newcomer.
    expect(await upgradeStatus(h, dealDocName(id), stranger(id, 7))).toBe(429);
    expect(await upgradeStatus(h, dealDocName(id), { device: `newcomer-${id}`, ip: "192.0.2.9" })).toBe(429);
    expect(phone.closed).toEqual([]);
    expect(phone.provider.wsconnected).toBe(true);
    for (const client of [phone, back, sixAgain, newcomer, ...strangers]) destroyClient(client);
  });

  it("a device whose writes predate the kept first writes ranks before every writer since", async () => {
    const { id, phone } = await quoteWithCustomer();
    // The room unloads (its log folded into the state) once the phone is gone.
    await eventually(() =>
      expect(h.db.select().from(yjsUpdates).where(eq(yjsUpdates.quoteId, id)).all()).toHaveLength(0),
    );
    // As if the phone had written before migration 0016: no first write kept.
    const phonePrincipal = `shopper:customer-phone-${id}`;
    h.db
      .delete(liveFirstWrites)
      .where(and(eq(liveFirstWrites.quoteId, id), eq(liveFirstWrites.principal, phonePrincipal)))
      .run();
    const strangers = await eightStrangers(id);
    // Loading the deal kept the phone's writes as before everyone's.
    expect(storedFirstWrites(id).get(phonePrincipal)).toBe(0);
    phone.provider.connect();
    await synced(phone);
    await eventually(() => expect(replaced(strangers[7] as Client)).toBe(true));
    for (const client of [phone, ...strangers]) destroyClient(client);
  });
});
