import http from "node:http";
import https from "node:https";
import { HANDOFF_MSG } from "@shared/schemas/handoff";
import { Webhook } from "standardwebhooks";
import { guardedLookup, literalAddressProblem } from "./safe-address";

// Issue #39: one signed POST to a webhook receiver, per the Standard Webhooks specification:
// webhook-id (the event's msg_… id, the same on every attempt), webhook-timestamp (seconds, this
// attempt's), webhook-signature ("v1," + base64 HMAC-SHA256 of "id.timestamp.body" with the
// secret's bytes). Redirects are not followed; the answer is read up to 1 KiB for the log.

const RESPONSE_LOG_BYTES = 1024;

export type AttemptResult = { statusCode: number | null; response: string; durationMs: number; ok: boolean };

export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    "content-type": "application/json",
    "user-agent": "DealDesk-Webhooks/1",
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(id, at, body),
  };
}

export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<AttemptResult> {
  const started = performance.now();
  const done = (statusCode: number | null, response: string): AttemptResult => ({
    statusCode,
    response,
    durationMs: Math.round(performance.now() - started),
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
  });
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      resolve(done(null, HANDOFF_MSG.urlInvalid));
      return;
    }
    const literal = literalAddressProblem(url, options.allowPrivate);
    if (literal) {
      resolve(done(null, literal));
      return;
    }
    const client = url.protocol === "https:" ? https : http;
    let settled = false;
    const finish = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_LOG_BYTES) {
            chunks.push(chunk.subarray(0, RESPONSE_LOG_BYTES - kept));
            kept += Math.min(chunk.length, RESPONSE_LOG_BYTES - kept);
          }
        });
        const end = () => finish(done(response.statusCode ?? null, Buffer.concat(chunks).toString("utf8")));
        response.on("end", end);
        response.on("error", end);
        response.on("aborted", end);
      },
    );
    const timer = setTimeout(() => {
      finish(done(null, HANDOFF_MSG.timeout(options.timeoutMs / 1000)));
      request.destroy();
    }, options.timeoutMs);
    request.on("error", (error) => finish(done(null, error.message)));
    request.end(body);
  });
}
