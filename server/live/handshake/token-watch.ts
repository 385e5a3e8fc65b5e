import { LIVE_CLOSE_CODES, LIVE_CLOSE_REASONS } from "@shared/live/live-protocol";
import type { TokenService } from "../../auth/tokens";
import { dealersStillValid, type LiveIdentity } from "../../policies/quote-access";
import type { Conn } from "../stages/room-types";

// Closes DEALER sockets whose token was revoked (password change bumps tokens_valid_after) or
// has expired, within WATCH_MS. One query per tick for every distinct dealer token, not one per
// socket, and a tick is skipped while the previous one's query still runs.

const TOKEN_WATCH_MS = 500;

type Dealer = NonNullable<LiveIdentity["dealer"]>;

/** One key per token (who, issued, expires): its sockets share one check. Made once per socket's identity. */
const tokenKeys = new WeakMap<Dealer, string>();
function tokenKey(dealer: Dealer): string {
  let key = tokenKeys.get(dealer);
  if (key === undefined) {
    key = `${dealer.userId}:${dealer.issuedAtMs}:${dealer.expiresAtMs}`;
    tokenKeys.set(dealer, key);
  }
  return key;
}

export function watchDealerTokens(
  tokens: TokenService,
  /** The open sockets; the watch checks those with a dealer token. */
  sockets: () => Iterable<Conn>,
  log: (line: string) => void,
): () => void {
  let running = false;
  const tick = async () => {
    const byToken = new Map<string, { dealer: Dealer; conns: Conn[] }>();
    for (const conn of sockets()) {
      const dealer = conn.identity.dealer;
      if (!dealer) continue;
      const key = tokenKey(dealer);
      const entry = byToken.get(key);
      if (entry) entry.conns.push(conn);
      else byToken.set(key, { dealer, conns: [conn] });
    }
    if (byToken.size === 0) return;
    const entries = [...byToken.values()];
    const verdicts = await dealersStillValid(
      tokens,
      entries.map((e) => e.dealer),
    );
    entries.forEach((entry, i) => {
      if (verdicts[i]) return;
      for (const conn of entry.conns)
        conn.ws.close(LIVE_CLOSE_CODES.tokenRevoked, LIVE_CLOSE_REASONS.tokenRevoked);
    });
  };
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    tick()
      .catch((error: unknown) => log(`live: token watch failed: ${String(error)}`))
      .finally(() => {
        running = false;
      });
  }, TOKEN_WATCH_MS);
  timer.unref();
  return () => clearInterval(timer);
}
