import type { TokenService } from "./auth/tokens";
import type { Config } from "./config";
import type { Stores } from "./db/stores";
import type { Mailer } from "./mail/mailer";
import type { HandoffEmitter } from "./quotes/handoff-emitter";
import type { LiveControl } from "./quotes/live-control";
import type { VinDecoder } from "./vehicles/vin-decoder";

/** What the HTTP app and every route is built from (server/build-server.ts wires them). */
export type AppDeps = {
  config: Config;
  stores: Stores;
  tokens: TokenService;
  mailer: Mailer;
  live: LiveControl;
  /** Issue #39: describes events for the dealership's other systems and wakes their delivery. */
  handoff: HandoffEmitter;
  /** Issue #50: offline VIN decoding, opened once at start. */
  vinDecoder: VinDecoder;
  log?: (line: string) => void;
};
