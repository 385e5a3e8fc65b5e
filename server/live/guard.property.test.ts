// The live guard, randomized (issue #10): a seeded run of 1,000+ steps against the real server,
// mixing honest dealer and shopper edits with hostile updates (prototype keys, parent and unknown
// keys, empty segments, dealer-only keys, rewrites and deletions of the dealer's pairs, someone
// else's Yjs client id, wrong values, oversize). Invariants, checked as it goes:
// - every hostile update is refused (its socket closed with a 44xx code) and nothing it carried is stored;
// - no dealer-only value changes because of a shopper;
// - Object.prototype stays clean in the server (it runs in this process);
// - every stored pair is a known leaf key with a value the schema accepts;
// - the dealer's and the shopper's replicas converge on the stored document.
// GUARD_TEST_SEED replays a run; a failure prints the seed and the shrunk steps (fast-check).
import { afterAll, beforeAll, it } from "vitest";
import { GUARD_SEED, GUARD_STEPS, runGuardProperty } from "../test-support/guard-property-run";
import { createQuoteVia, type LiveHarness, startLiveHarness, storedDoc } from "../test-support/live-test-kit";

let h: LiveHarness;
beforeAll(async () => {
  // The bounds are tested on their own (identity-bounds.test.ts): here they must not get in the way.
  h = await startLiveHarness({
    env: {
      LIVE_UPDATES_PER_SECOND: "100000",
      LIVE_UPDATE_BURST: "100000",
      LIVE_HISTORY_EVENTS_PER_MINUTE: "1000000",
    },
  });
});
afterAll(async () => {
  await h.stop();
});

it(`keeps every invariant over ${GUARD_STEPS.toLocaleString("en-US")} random steps (seed ${GUARD_SEED})`, async () => {
  const { token } = await h.dealer();
  const quoteId = await createQuoteVia(h, token);
  await runGuardProperty({
    token,
    quoteId,
    dealerServer: h,
    shopperServer: h,
    hostileServer: () => h,
    stored: (docName) => storedDoc(h, docName),
  });
}, 120_000);
