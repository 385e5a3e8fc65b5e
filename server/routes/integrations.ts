import {
  HANDOFF_MSG,
  leadAddressSchema,
  TEST_EVENTS_PER_HOUR,
  TEST_LEAD_DEALERSHIP,
  TEST_LEADS_PER_HOUR,
  type TestLeadResult,
  webhookCreateSchema,
  webhookUpdateSchema,
} from "@shared/schemas/handoff";
import { type Context, Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { ApiError, badRequest, notFound } from "../errors";
import {
  addWebhook,
  deliveryLog,
  firstAttempt,
  listIntegrations,
  removeWebhook,
  sendTest,
  setLeadAddress,
  TEST_LEAD_WAIT_MS,
  testLeadResult,
  updateWebhook,
} from "../handoff/endpoints";
import { requireUser } from "../http/auth-middleware";
import { createRequestRateLimiter, type RequestRateLimiter } from "../http/request-rate-limit";
import { parseJson } from "../http/validate";
import { authorize } from "../policies/policy";

// Issue #39 (README "Webhooks" and "Leads to the CRM"), owners and managers only:
//   GET    /api/integrations                          lead address, webhooks (never secrets), event types
//   PUT    /api/integrations/lead-address             { address } ("" removes it)
//   POST   /api/integrations/lead-address/test        200 { outcome, message }: what became of a test lead
//   POST   /api/integrations/webhooks                 { url, events, includeGross } -> 201 { endpoint, secret }
//   PATCH  /api/integrations/webhooks/:id             { url?, events?, includeGross?, enabled? }
//   DELETE /api/integrations/webhooks/:id             204
//   POST   /api/integrations/webhooks/:id/test        202: a webhook.test event to that endpoint
//   GET    /api/integrations/endpoints/:id/deliveries the delivery log, newest first (100)
//   POST   /api/integrations/deliveries/:id/resend    202: the same event again, as a new delivery
// Issue #47: the two test sends are capped per dealership and hour (429 with Retry-After).

const HOUR_MS = 60 * 60 * 1000;

/** Counts one test send of the dealership; past the cap, 429 with the cap's message and Retry-After. */
function takeTestSend(c: Context, limiter: RequestRateLimiter, dealershipId: string, message: string) {
  const waitMs = limiter.take(dealershipId);
  if (waitMs === 0) return;
  c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
  throw new ApiError(429, message);
}

export function integrationsRoutes(deps: AppDeps): Hono<AppEnv> {
  const { stores, tokens, config, handoff } = deps;
  const store = stores.handoff;
  const endpointDeps = { store, settings: config.handoff, emitter: handoff };
  const testLeads = createRequestRateLimiter(TEST_LEADS_PER_HOUR, HOUR_MS);
  const testEvents = createRequestRateLimiter(TEST_EVENTS_PER_HOUR, HOUR_MS);
  const routes = new Hono<AppEnv>();
  routes.use("*", requireUser(tokens));
  routes.use("*", async (c, next) => {
    authorize(c.var.user, "writeDefaults");
    await next();
  });
  const dealership = (c: { var: { user: { dealershipId: string } } }) => c.var.user.dealershipId;

  routes.get("/", async (c) => c.json(await listIntegrations(store, dealership(c))));

  routes.put("/lead-address", async (c) => {
    const { address } = await parseJson(c, leadAddressSchema);
    return c.json({ leadAddress: await setLeadAddress(store, dealership(c), address) });
  });

  routes.post("/lead-address/test", async (c) => {
    const [lead] = await store.endpoints(dealership(c), "lead");
    if (!lead) throw badRequest(HANDOFF_MSG.leadAddressMissing);
    takeTestSend(c, testLeads, dealership(c), HANDOFF_MSG.testLeadLimit(TEST_LEADS_PER_HOUR));
    const eventId = await sendTest(endpointDeps, dealership(c), lead, TEST_LEAD_DEALERSHIP);
    // The owner waits for the first try, so the answer says what happened rather than "on its way".
    const attempt = await firstAttempt(store, lead.id, eventId, TEST_LEAD_WAIT_MS);
    return c.json<TestLeadResult>(testLeadResult(lead.url, attempt));
  });

  routes.post("/webhooks", async (c) => {
    const body = await parseJson(c, webhookCreateSchema);
    return c.json(await addWebhook(endpointDeps, dealership(c), body), 201);
  });

  routes.patch("/webhooks/:id", async (c) => {
    const body = await parseJson(c, webhookUpdateSchema);
    return c.json(await updateWebhook(endpointDeps, dealership(c), c.req.param("id"), body));
  });

  routes.delete("/webhooks/:id", async (c) => {
    await removeWebhook(store, dealership(c), c.req.param("id"));
    return c.body(null, 204);
  });

  routes.post("/webhooks/:id/test", async (c) => {
    const endpoint = await store.endpoint(dealership(c), c.req.param("id"));
    if (endpoint?.kind !== "webhook") throw notFound(HANDOFF_MSG.endpointNotFound);
    takeTestSend(c, testEvents, dealership(c), HANDOFF_MSG.testEventLimit(TEST_EVENTS_PER_HOUR));
    const profile = await stores.dealerships.profile(dealership(c));
    await sendTest(endpointDeps, dealership(c), endpoint, profile.dealershipName);
    return c.body(null, 202);
  });

  routes.get("/endpoints/:id/deliveries", async (c) => {
    const endpoint = await store.endpoint(dealership(c), c.req.param("id"));
    if (!endpoint) throw notFound(HANDOFF_MSG.endpointNotFound);
    return c.json(await deliveryLog(store, endpoint.id));
  });

  routes.post("/deliveries/:id/resend", async (c) => {
    const id = Number(c.req.param("id"));
    if (!Number.isSafeInteger(id) || id <= 0 || !(await store.resend(dealership(c), id, Date.now())))
      throw notFound(HANDOFF_MSG.deliveryNotFound);
    handoff.wake();
    return c.body(null, 202);
  });

  return routes;
}
