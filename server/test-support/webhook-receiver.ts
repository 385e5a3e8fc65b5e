import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A real HTTP receiver on loopback for the webhook tests: it keeps every request it gets, and
// answers each with the next status of `answers` (then 200), or leaves it hanging ("hang").

/** One request as it arrived; `path` is its URL path (endpoints may add to the receiver's `url`). */
export type Received = { path: string; headers: IncomingHttpHeaders; body: string; at: number };
export type Answer = number | "hang";

export type Receiver = {
  url: string;
  port: number;
  received: Received[];
  /** The answers still to give, in order; after them every request gets 200. */
  answers: Answer[];
  close(): Promise<void>;
};

export async function startReceiver(answers: Answer[] = []): Promise<Receiver> {
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const queue = [...answers];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      const answer = queue.shift() ?? 200;
      if (answer === "hang") {
        hanging.push(response);
        return;
      }
      response.writeHead(answer, { "content-type": "text/plain" });
      response.end(answer < 300 ? "thanks" : `failure ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answers: queue,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls until `read` gives a value (or throws after `ms`). */
export async function waitUntil<T>(
  read: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
