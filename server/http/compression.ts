import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this, compression saves less than its headers cost. */
const MIN_BYTES = 1024;
/** Larger bodies are files: those are served pre-compressed (scripts/prerender.mjs). */
const MAX_BYTES = 4 * 1024 * 1024;

/**
 * Brotli when the browser takes it (about 15-20% smaller than gzip on our HTML), else gzip, for
 * HTML, JSON and other text answers that are not compressed already. Quality 5: a rendered quote
 * page compresses in about a millisecond.
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
    const compressed =
      encoding === "br"
        ? brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body, { level: 6 });
    headers.set("Content-Encoding", encoding);
    headers.delete("Content-Length");
    c.res = new Response(compressed, { status: res.status, statusText: res.statusText, headers });
  };
}
