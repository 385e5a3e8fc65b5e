import type { MiddlewareHandler } from "hono";

/** One line per request: method, path without its query string, status, time. Never headers or bodies. */
export function requestLog(log: (line: string) => void = console.log): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
