import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;
/** Larger bodies are files: those are served pre-compressed (scripts/prerender.mjs). */
const MAX_BYTES = 4 * 1024 * 1024;
/** Above this, the fastest compression level: the time saved beats the few bytes lost. */
const LARGE_BYTES = 64 * 1024;

/**
 * Brotli when the browser takes it (about 15-20% smaller than gzip on our HTML), else gzip, for
 * HTML, JSON and other text answers that are not compressed already. Quality 5: a rendered quote
 * page compresses in about a millisecond; above 64 KiB, quality 1 (gzip level 1).
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || !res.body || res.headers.has("Content-Encoding")) return;
    const type = res.headers.get("Content-Type") ?? "";
    // A stream has no end to wait for.
    if (!COMPRESSIBLE.test(type) || type.startsWith("text/event-stream")) return;
    const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
    if (length < MIN_BYTES || length > MAX_BYTES) return;
    const accepted = (c.req.header("Accept-Encoding") ?? "").toLowerCase();
    const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : null;
    if (!encoding) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append("Vary", "Accept-Encoding");
    if (body.length < MIN_BYTES || body.length > MAX_BYTES) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    // Large answers (a dealer's list of 5,000 quotes is 1.4 MB of JSON) take the fastest level:
    // brotli 5 spends 38 ms on it where brotli 1 spends 5 ms, for 1% more bytes.
    const large = body.length > LARGE_BYTES;
    const compressed =
      encoding === "br"
        ? brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: large ? 1 : 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipSync(body, { level: large ? 1 : 6 });
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
    // Hono copies the headers of the answer it replaces into the new one: a static file's
    // Content-Length would come back and announce the uncompressed size. Start from none.
    c.res = undefined;
    c.res = new Response(compressed, { status: res.status, statusText: res.statusText, headers });
  };
}
