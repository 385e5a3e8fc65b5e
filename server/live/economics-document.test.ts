import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import {
  economicsArray,
  economicsDocName,
  privateArray,
  privateDocName,
  readDoc,
  readEntries,
  writeField,
} from "@shared/live/quote-doc";
import { PRIVATE_KEYS } from "@shared/rules/permissions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { createTokenService } from "../auth/tokens";
import { createLiveStore } from "../db/sqlite/live-store";
import { createSqliteStores } from "../db/sqlite/stores";
import { docFromStored } from "../db/stored-doc";
import { createDealer } from "../test-support/fixtures";
import {
  connectClient,
  craftUpdate,
  createQuoteVia,
  destroyClient,
  eventually,
  type LiveHarness,
  rawSocket,
  startLiveHarness,
  synced,
  upgradeStatus,
} from "../test-support/live-test-kit";

// Issue #38: the deal economics live in a document of their own, `quote/<id>/economics`, which the
// handshake admits only to a member who sees gross (owners, managers, and salespeople while the
// owner has "Salespeople see gross" on), judged with the setting as it is at the handshake; turning
// the setting off closes a salesperson's open economics socket. The private document (customer
// record), which every member working the quote receives, holds no economics.

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness();
});
afterAll(async () => {
  await h.stop();
});

const settings = {
  pack: 500,
  participation: 75,
  buyRates: {},
  buyMoneyFactors: {},
  salespeopleSeeGross: false,
};

async function seeGross(ownerToken: string, on: boolean) {
  const res = await h.api(
    "PUT",
    "/api/dealer-defaults/economics",
    { ...settings, salespeopleSeeGross: on },
    ownerToken,
  );
  expect(res.status).toBe(200);
}

async function dealership() {
  const owner = await h.dealer();
  await seeGross(owner.token, false);
  const services = {
    db: h.db,
    tokens: createTokenService(createSqliteStores(h.db).users, h.server.config.jwtSecret),
  };
  const member = (role: "manager" | "salesperson", firstName: string) =>
    createDealer(services, { dealershipId: owner.user.dealershipId, role, firstName });
  const sam = await member("salesperson", "Sam");
  const mia = await member("manager", "Mia");
  const id = await createQuoteVia(h, sam.token);
  return { owner, sam, mia, id };
}

describe("the economics document's handshake (issue #38)", () => {
  it("admits the owner and a manager, refuses a salesperson until the owner turns the setting on, and a shopper always", async () => {
    const { owner, sam, mia, id } = await dealership();
    const name = economicsDocName(id);
    expect(await upgradeStatus(h, name, { token: owner.token })).toBe(101);
    expect(await upgradeStatus(h, name, { token: mia.token })).toBe(101);
    // Refused as a shopper asking for the private document is: 403 before any document loads.
    expect(await upgradeStatus(h, name, { token: sam.token })).toBe(403);
    expect(await upgradeStatus(h, name)).toBe(403);
    expect(await upgradeStatus(h, privateDocName(id))).toBe(403);
    // The salesperson still works the quote: the deal and the customer record admit them.
    expect(await upgradeStatus(h, privateDocName(id), { token: sam.token })).toBe(101);

    // The setting is read at each handshake: on, the salesperson is admitted; off again, refused.
    await seeGross(owner.token, true);
    expect(await upgradeStatus(h, name, { token: sam.token })).toBe(101);
    expect(await upgradeStatus(h, name)).toBe(403);
    await seeGross(owner.token, false);
    expect(await upgradeStatus(h, name, { token: sam.token })).toBe(403);
  });

  it("gives a salesperson without the right a private document with no economics in it", async () => {
    const { owner, sam, id } = await dealership();
    // The owner enters the vehicle's cost: it goes to the economics document.
    const econ = connectClient(h, id, { token: owner.token, economics: true });
    await synced(econ);
    expect(readDoc(econ.deal).economics).toMatchObject({ pack: 500, participation: 75 });
    writeField(econ.deal, "economics", { ...(readDoc(econ.deal).economics as object), vehicleCost: 20_000 });
    const priv = connectClient(h, id, { token: owner.token, private: true });
    await synced(priv);
    writeField(priv.deal, "customerInfo", { name: "Pat Shopper", email: "", phone: "" });

    // What the salesperson's browser receives, read with the stock provider.
    const theirs = connectClient(h, id, { token: sam.token, private: true });
    await synced(theirs);
    await eventually(() => expect(readDoc(theirs.deal).customerInfo).toMatchObject({ name: "Pat Shopper" }));
    expect([...readEntries(privateArray(theirs.doc)).keys()].sort()).toEqual([...PRIVATE_KEYS].sort());
    expect(readDoc(theirs.deal)).not.toHaveProperty("economics");
    expect(JSON.stringify(theirs.doc.toJSON())).not.toMatch(/economics|vehicleCost|20000|"pack"/);
    expect([...theirs.doc.share.keys()]).toEqual(["private"]);
    for (const client of [econ, priv, theirs]) destroyClient(client);
  });

  it("keeps each document's keys: economics writes to the private document and customer writes to the economics one are refused whole", async () => {
    const { owner, id } = await dealership();
    const before = await (await h.api("GET", `/api/quotes/${id}`, undefined, owner.token)).json();
    const intoPrivate = await rawSocket(h, privateDocName(id), { token: owner.token });
    intoPrivate.ws.send(
      craftUpdate(intoPrivate.doc, (copy) => privateArray(copy).push([{ key: "economics.pack", val: 900 }])),
    );
    expect((await intoPrivate.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    const intoEconomics = await rawSocket(h, economicsDocName(id), { token: owner.token });
    intoEconomics.ws.send(
      craftUpdate(intoEconomics.doc, (copy) =>
        economicsArray(copy).push([{ key: "customerInfo.name", val: "Pat" }]),
      ),
    );
    expect((await intoEconomics.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    // A bad value of an economics leaf is refused too (economicsSchema, as before).
    const badValue = await rawSocket(h, economicsDocName(id), { token: owner.token });
    badValue.ws.send(
      craftUpdate(badValue.doc, (copy) => economicsArray(copy).push([{ key: "economics.pack", val: -5 }])),
    );
    expect((await badValue.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
    expect(await (await h.api("GET", `/api/quotes/${id}`, undefined, owner.token)).json()).toEqual(before);
  });
});

describe("a quote stored before the economics had their own document (issue #38)", () => {
  it("gets it at its first economics handshake, its economics moved out of the private document", async () => {
    const { owner, id } = await dealership();
    // As an older process left it: the economics in the private document, no economics document.
    const store = createLiveStore(h.db);
    const stored = store.load(privateDocName(id));
    if (!stored) throw new Error("no private document");
    const old = docFromStored(stored);
    const vector = Y.encodeStateVector(old);
    writeField(privateArray(old), "economics", { pack: 700, participation: 50, vehicleCost: 18_000 });
    store.appendMany([
      { docName: privateDocName(id), quoteId: id, update: Y.encodeStateAsUpdate(old, vector), listing: null },
    ]);
    h.db.$client.prepare("DELETE FROM yjs_documents WHERE doc_name = ?").run(economicsDocName(id));

    const econ = connectClient(h, id, { token: owner.token, economics: true });
    await synced(econ);
    expect(readDoc(econ.deal)).toEqual({ economics: { pack: 700, participation: 50, vehicleCost: 18_000 } });
    const priv = connectClient(h, id, { token: owner.token, private: true });
    await synced(priv);
    expect(readDoc(priv.deal)).not.toHaveProperty("economics");
    for (const client of [econ, priv]) destroyClient(client);
  });
});

describe("losing the gross right closes the economics socket (issue #38)", () => {
  it("closes a salesperson's open economics socket when the owner turns the setting off; the deal stays open, a manager's economics too", async () => {
    const { owner, sam, mia, id } = await dealership();
    await seeGross(owner.token, true);
    const samEconomics = connectClient(h, id, { token: sam.token, economics: true });
    const samDeal = connectClient(h, id, { token: sam.token });
    const miaEconomics = connectClient(h, id, { token: mia.token, economics: true });
    for (const client of [samEconomics, samDeal, miaEconomics]) await synced(client);
    expect(readDoc(samEconomics.deal).economics).toMatchObject({ pack: 500 });

    const started = Date.now();
    await seeGross(owner.token, false);
    await eventually(
      () => expect(samEconomics.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.tokenRevoked),
      1000,
    );
    expect(Date.now() - started).toBeLessThan(1000);
    expect(samDeal.closed).toEqual([]);
    expect(miaEconomics.closed).toEqual([]);
    // The provider knocks again: refused at the handshake now.
    expect(await upgradeStatus(h, economicsDocName(id), { token: sam.token })).toBe(403);
    for (const client of [samEconomics, samDeal, miaEconomics]) destroyClient(client);
  });

  it("closes a manager's economics socket when the owner makes them a salesperson", async () => {
    const { owner, mia, id } = await dealership();
    const miaEconomics = connectClient(h, id, { token: mia.token, economics: true });
    await synced(miaEconomics);
    const changed = await h.api(
      "PUT",
      `/api/team/members/${mia.user.id}`,
      { role: "salesperson" },
      owner.token,
    );
    expect(changed.status).toBe(200);
    await eventually(
      () => expect(miaEconomics.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.tokenRevoked),
      1000,
    );
    destroyClient(miaEconomics);
  });
});
