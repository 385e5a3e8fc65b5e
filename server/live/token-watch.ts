import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live-protocol";
import type { TokenService } from "../auth/tokens";
import { dealerStillValid } from "../policies/quote-access";
import type { Conn } from "./rooms";

// Closes DEALER sockets whose token was revoked (password change bumps tokens_valid_after) or
// has expired, within WATCH_MS. One query per distinct dealer and token per tick, not per socket.

export const TOKEN_WATCH_MS = 500;

export function watchDealerTokens(tokens: TokenService, dealers: () => Iterable<Conn>): () => void {
  const timer = setInterval(() => {
    const verdicts = new Map<string, boolean>();
    for (const conn of dealers()) {
      const dealer = conn.identity.dealer;
      if (!dealer) continue;
      const key = `${dealer.userId}:${dealer.issuedAtMs}:${dealer.expiresAtMs}`;
      let valid = verdicts.get(key);
      if (valid === undefined) {
        valid = dealerStillValid(tokens, dealer);
        verdicts.set(key, valid);
      }
      if (!valid) conn.ws.close(LIVE_CLOSE_CODES.tokenRevoked, LIVE_CLOSE_REASONS.tokenRevoked);
    }
  }, TOKEN_WATCH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
