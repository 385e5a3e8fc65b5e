import type { MiddlewareHandler } from "hono";

const csp = (scriptHashes: readonly string[]) =>
  [
    "default-src 'self'",
    // Inline scripts only by hash (the colour-scheme script of server/http/pages.ts), never 'unsafe-inline'.
    // 'wasm-unsafe-eval' lets the VIN scanner compile its own WebAssembly (issue #50); it allows
    // no JavaScript eval.
    ["script-src 'self'", "'wasm-unsafe-eval'", ...scriptHashes].join(" "),
    // Mantine writes its CSS variables and component styles at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");

/**
 * Headers on every response. No referrer at all: a quote link is the shopper's only key and a
 * reset link carries a token, so neither may leak to the dealer's website or anywhere else.
 */
export function securityHeaders(scriptHashes: readonly string[] = []): MiddlewareHandler {
  const CSP = csp(scriptHashes);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", CSP);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "no-referrer");
    h.set("X-Frame-Options", "DENY");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    // The camera for this origin only: Scan VIN reads a VIN barcode (issue #50).
    h.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=()");
  };
}
