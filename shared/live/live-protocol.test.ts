import { describe, expect, it } from "vitest";
import { LIVE_CLOSE_CODES, liveProtocols, liveServerUrl, tokenFromProtocols } from "./live-protocol";

describe("live channel contract", () => {
  it("puts the token in the subprotocol list, never in the URL", () => {
    expect(liveProtocols("a.b.c")).toEqual(["dealdesk", "auth.a.b.c"]);
    expect(liveProtocols(null)).toEqual(["dealdesk"]);
    expect(liveServerUrl("https://deals.example.com/")).toBe("wss://deals.example.com/yjs");
    expect(liveServerUrl("http://localhost:3000")).toBe("ws://localhost:3000/yjs");
  });

  it("reads the token back on the server side", () => {
    expect(tokenFromProtocols(liveProtocols("x.y.z"))).toBe("x.y.z");
    expect(tokenFromProtocols(["dealdesk"])).toBeNull();
    expect(tokenFromProtocols(["dealdesk", "auth."])).toBeNull();
  });

  it("uses final (44xx) codes for refusals the client must not retry blindly", () => {
    for (const code of [
      LIVE_CLOSE_CODES.malformed,
      LIVE_CLOSE_CODES.tokenRevoked,
      LIVE_CLOSE_CODES.changeRefused,
      LIVE_CLOSE_CODES.quoteDeleted,
    ])
      expect(code >= 4400 && code < 4500).toBe(true);
    expect(LIVE_CLOSE_CODES.serverError).toBe(1011);
  });
});
