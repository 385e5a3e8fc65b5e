import net from "node:net";
import { LIVE_CLOSE_CODES } from "@shared/live/live-protocol";
import { dealDocName, privateDocName, readDoc, writeField } from "@shared/live/quote-doc";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../db/schema";
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

let h: LiveHarness;
beforeAll(async () => {
  h = await startLiveHarness({ logRequests: true });
});
afterAll(async () => {
  await h.stop();
});

describe("the upgrade decides the role", () => {
  it("admits the owner's token as DEALER on both documents and nobody else on the private one", async () => {
    const { token } = await h.dealer();
    const other = await h.dealer();
    const id = await createQuoteVia(h, token);
    expect(await upgradeStatus(h, privateDocName(id), { token })).toBe(101);
    expect(await upgradeStatus(h, privateDocName(id))).toBe(403);
    expect(await upgradeStatus(h, privateDocName(id), { token: other.token })).toBe(403);
    expect(await upgradeStatus(h, privateDocName(id), { token: "not.a.token" })).toBe(403);
    expect(await upgradeStatus(h, dealDocName(id))).toBe(101);
    // Another dealer's token is no token: a shopper, who may not touch the discount.
    const foreign = await rawSocket(h, dealDocName(id), { token: other.token });
    foreign.ws.send(
      craftUpdate(foreign.doc, (copy) =>
        writeField(copy.getArray("deal"), "pricing", { advertisedPrice: 1, discount: 0 }),
      ),
    );
    expect((await foreign.closed).code).toBe(LIVE_CLOSE_CODES.changeRefused);
  });

  it("refuses unknown and deleted quotes with 404 and odd paths", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    expect(await upgradeStatus(h, dealDocName("AAAAAAAAAAAAAAAAAAAAAA"))).toBe(404);
    expect(await upgradeStatus(h, "quote/short")).toBe(404);
    expect(await upgradeStatus(h, `quote/${id}/other`)).toBe(404);
    expect((await h.api("DELETE", `/api/quotes/${id}`, undefined, token)).status).toBe(204);
    expect(await upgradeStatus(h, dealDocName(id))).toBe(404);
    expect(await upgradeStatus(h, privateDocName(id), { token })).toBe(404);
  });

  it("refuses a foreign Origin with 403 and accepts the app's own", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    expect(await upgradeStatus(h, dealDocName(id), { origin: "https://evil.example" })).toBe(403);
    expect(await upgradeStatus(h, dealDocName(id), { origin: h.server.config.appUrl })).toBe(101);
  });

  it("treats a revoked token as none, and closes an open DEALER socket within a second of the revocation", async () => {
    const { user, token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    const priv = connectClient(h, id, { token, private: true });
    await Promise.all([synced(dealer), synced(priv)]);
    const shopper = connectClient(h, id);
    await synced(shopper);

    const revokedAt = Date.now();
    h.db
      .update(users)
      .set({ tokensValidAfter: revokedAt + 1 })
      .where(eq(users.id, user.id))
      .run();
    await eventually(
      () => {
        expect(dealer.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.tokenRevoked);
        expect(priv.closed.map((c) => c.code)).toContain(LIVE_CLOSE_CODES.tokenRevoked);
      },
      1000,
      20,
    );
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    expect(shopper.provider.wsconnected).toBe(true);
    expect(await upgradeStatus(h, privateDocName(id), { token })).toBe(403);
    destroyClient(dealer);
    destroyClient(priv);
    destroyClient(shopper);
  });

  it("never writes the token into a log line", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    const dealer = connectClient(h, id, { token });
    await synced(dealer);
    writeField(dealer.deal, "downPayment", -10);
    await eventually(async () => {
      const body = (await (await h.api("GET", `/api/quotes/${id}`)).json()) as {
        data: { downPayment: number };
      };
      expect(body.data.downPayment).toBe(-10);
    });
    expect(h.logs.length).toBeGreaterThan(0);
    expect(h.logs.some((line) => line.includes(token))).toBe(false);
    expect(readDoc(dealer.deal).downPayment).toBe(-10);
    destroyClient(dealer);
  });
});

describe("connection caps", () => {
  it("fair slots: the 9th anonymous socket of a quote gets 429, the dealer still gets in, up to 20 staff sockets", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    // The attack of issue #10: 20 anonymous sockets used to fill the quote and lock the dealer out.
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => rawSocket(h, dealDocName(id))));
    for (let i = 0; i < 12; i++) expect(await upgradeStatus(h, dealDocName(id))).toBe(429);
    const staff = await Promise.all(
      Array.from({ length: 20 }, () => rawSocket(h, dealDocName(id), { token })),
    );
    expect(staff.every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
    expect(await upgradeStatus(h, dealDocName(id), { token })).toBe(429);
    shoppers[0]?.ws.close();
    await shoppers[0]?.closed;
    await eventually(async () => expect(await upgradeStatus(h, dealDocName(id))).toBe(101));
    for (const socket of [...shoppers, ...staff]) socket.ws.close();
  });

  it("gives the slot back when a handshake fails after admission", async () => {
    const { token } = await h.dealer();
    const id = await createQuoteVia(h, token);
    for (let i = 0; i < 25; i++) {
      const socket = net.connect(h.server.port, "127.0.0.1");
      socket.on("error", () => {});
      // Admitted (the quote exists) but no valid WebSocket key: ws aborts without accepting.
      socket.write(
        `GET /yjs/${dealDocName(id)} HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
      const answer = await new Promise<string>((resolve) => {
        let text = "";
        socket.on("data", (chunk) => {
          text += chunk.toString();
        });
        socket.on("close", () => resolve(text));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(await upgradeStatus(h, dealDocName(id))).toBe(101);
  });
});
