import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { TokenService } from "../auth/tokens";
import type { Config } from "../config";
import type { Db } from "../db/connection";
import type { LiveControl } from "./live-control";

export const LIVE_PATH_PREFIX = "/yjs/";
export const MAX_MESSAGE_BYTES = 256 * 1024;

export type LiveDeps = { config: Config; db: Db; tokens: TokenService; log: (line: string) => void };

/** Answers an upgrade we refuse with a plain HTTP status, then drops the socket. */
export function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export function createLiveServer(_deps: LiveDeps): LiveControl {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  return {
    handleUpgrade(request: IncomingMessage, socket: Duplex, _head: Buffer) {
      socket.on("error", () => socket.destroy());
      const url = new URL(request.url ?? "/", "http://localhost");
      if (!url.pathname.startsWith(LIVE_PATH_PREFIX)) return refuseUpgrade(socket, 404, "Not Found");
      // The document endpoint is built by the live-documents issue.
      refuseUpgrade(socket, 404, "Not Found");
    },
    closeQuote() {},
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
