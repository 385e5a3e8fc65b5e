import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import type { Hono } from "hono";
import { createApp } from "./app";
import type { AppDeps } from "./app-deps";
import type { AppEnv } from "./app-env";
import { createTokenService } from "./auth/tokens";
import type { Config } from "./config";
import { startDeliveryWorker } from "./handoff/delivery-worker";
import { createLiveServer, type LiveDeps } from "./live/live-server";
import { createMailer } from "./mail/mailer";
import type { Storage } from "./open-storage";
import { createDealLifecycle } from "./quotes/deal-lifecycle";
import { ensureEconomicsDocument } from "./quotes/economics-move";
import { backfillListingTotals } from "./quotes/listing-total";
import { openVinDecoder } from "./vehicles/vin-decoder";

// The one way to wire DealDesk: server.ts, the tests and the benchmark all build the app and the
// live server here from a config and the storage, so none of them assembles its own variant.

type BuildOptions = Pick<LiveDeps, "limits" | "compactAfter"> & {
  log?: (line: string) => void;
};

type BuiltServer = AppDeps & {
  app: Hono<AppEnv>;
  log: (line: string) => void;
  /** Closes the live server (sockets, rooms flushed); the storage stays open. */
  close(): Promise<void>;
};

export function buildServer(config: Config, storage: Storage, options: BuildOptions = {}): BuiltServer {
  const log = options.log ?? console.log;
  const { stores } = storage;
  const tokens = createTokenService(stores.users, config.jwtSecret);
  const mailer = createMailer(config, log);
  let wakeHandoff = () => {};
  const live = createLiveServer({
    config,
    storage: storage.live,
    quotes: stores.quotes,
    history: stores.history,
    lifecycle: createDealLifecycle(stores, tokens),
    tokens,
    log,
    limits: options.limits,
    compactAfter: options.compactAfter,
    // Issue #39: an append stored a payment request's events: this process delivers them at once.
    onHandoffStored: () => wakeHandoff(),
    ensureEconomics: (quoteId) => ensureEconomicsDocument(stores, quoteId),
  });
  // Issue #50: the vPIC database is unpacked (first start only) and opened now, in the background;
  // startServer waits for it before listening.
  const vinDecoder = openVinDecoder(config.vinDecoding.databaseDir, log);
  // Issue #39: this process's share of the webhook and lead deliveries.
  const handoff = startDeliveryWorker({ config, stores, mailer, live, vinDecoder, log });
  wakeHandoff = handoff.wake;
  const deps: AppDeps = { config, stores, tokens, mailer, live, handoff, vinDecoder, log };
  // Quotes from before the desk log's out-the-door column get it in the background.
  const stopBackfill = backfillListingTotals(stores, log);
  return {
    ...deps,
    log,
    app: createApp(deps),
    close: async () => {
      stopBackfill();
      await handoff.stop();
      await live.close();
      vinDecoder.close();
    },
  };
}

export type Listening = { server: ServerType; port: number; url: string; close(): Promise<void> };

/** Serves a built server on config.port/config.host, WebSocket upgrades included. */
export async function listen(built: BuiltServer): Promise<Listening> {
  const { config } = built;
  const server = serve({ fetch: built.app.fetch, port: config.port, hostname: config.host });
  server.on("upgrade", (request, socket, head) => built.live.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await built.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive HTTP connections would hold close() open.
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
    },
  };
}
