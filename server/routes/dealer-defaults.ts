import { Hono } from "hono";
import type { AppDeps } from "../app";
import type { AppEnv } from "../app-env";

export function dealerDefaultsRoutes(_deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  return routes;
}
