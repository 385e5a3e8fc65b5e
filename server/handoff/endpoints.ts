import { randomBytes, randomUUID } from "node:crypto";
import {
  type DeliveryAttempt,
  EVENT_DESCRIPTIONS,
  HANDOFF_MSG,
  type HandoffEndpoint,
  INTEGRATIONS_TEXT,
  type IntegrationsResponse,
  LEAD_EVENT_TYPES,
  MAX_WEBHOOK_ENDPOINTS,
  TEST_EVENT_TYPE,
  TEST_LEAD_TYPE,
  type TestLeadResult,
  WEBHOOK_EVENT_TYPES,
  type WebhookCreateBody,
  type WebhookUpdateBody,
} from "@shared/schemas/handoff";
import type { HandoffSettings } from "../config";
import type {
  EndpointChanges,
  HandoffEndpointRow,
  HandoffLogRow,
  HandoffStore,
} from "../db/repositories/handoff";
import { badRequest, notFound } from "../errors";
import { outboxFileOf } from "../mail/mailer";
import type { QuoteEventData } from "../quotes/event-data";
import { newEventId } from "../quotes/event-data";
import type { HandoffEmitter } from "../quotes/handoff-emitter";
import { urlProblem } from "./safe-address";

// Issue #39: the dealership's endpoints (webhooks and the CRM lead address), their test events,
// the delivery log and resends: what /api/integrations does, for owners and managers.

type EndpointDeps = { store: HandoffStore; settings: HandoffSettings; emitter: HandoffEmitter };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function toEndpoint(row: HandoffEndpointRow): HandoffEndpoint {
  return {
    id: row.id,
    kind: row.kind,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    includeGross: row.includeGross,
    enabled: row.enabled,
    failingSince: iso(row.failingSince),
    disabledAt: iso(row.disabledAt),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/** whsec_ + 24 random bytes in base64: the Standard Webhooks secret format. */
const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;

export async function listIntegrations(
  store: HandoffStore,
  dealershipId: string,
): Promise<IntegrationsResponse> {
  const [leads, webhooks] = await Promise.all([
    store.endpoints(dealershipId, "lead"),
    store.endpoints(dealershipId, "webhook"),
  ]);
  return {
    leadAddress: leads[0] ? toEndpoint(leads[0]) : null,
    webhooks: webhooks.map(toEndpoint),
    eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, description: EVENT_DESCRIPTIONS[type] })),
  };
}

async function checkUrl(url: string, settings: HandoffSettings): Promise<void> {
  const problem = await urlProblem(url, settings);
  if (problem) throw badRequest(problem, [{ field: "url", message: problem }]);
}

/** A new webhook endpoint; its secret is answered this once. */
export async function addWebhook(
  deps: EndpointDeps,
  dealershipId: string,
  body: WebhookCreateBody,
): Promise<{ endpoint: HandoffEndpoint; secret: string }> {
  if ((await deps.store.endpoints(dealershipId, "webhook")).length >= MAX_WEBHOOK_ENDPOINTS)
    throw badRequest(HANDOFF_MSG.endpointLimit(MAX_WEBHOOK_ENDPOINTS));
  await checkUrl(body.url, deps.settings);
  const now = Date.now();
  const row: HandoffEndpointRow = {
    id: randomUUID(),
    dealershipId,
    kind: "webhook",
    url: body.url,
    events: JSON.stringify(body.events),
    includeGross: body.includeGross,
    secret: newWebhookSecret(),
    enabled: true,
    failingSince: null,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await deps.store.addEndpoint(row);
  return { endpoint: toEndpoint(row), secret: row.secret };
}

async function ownWebhook(store: HandoffStore, dealershipId: string, id: string) {
  const row = await store.endpoint(dealershipId, id);
  if (row?.kind !== "webhook") throw notFound(HANDOFF_MSG.endpointNotFound);
  return row;
}

export async function updateWebhook(
  deps: EndpointDeps,
  dealershipId: string,
  id: string,
  body: WebhookUpdateBody,
): Promise<HandoffEndpoint> {
  await ownWebhook(deps.store, dealershipId, id);
  if (body.url !== undefined) await checkUrl(body.url, deps.settings);
  const changes: EndpointChanges = {};
  if (body.url !== undefined) changes.url = body.url;
  if (body.events !== undefined) changes.events = JSON.stringify(body.events);
  if (body.includeGross !== undefined) changes.includeGross = body.includeGross;
  if (body.enabled !== undefined) {
    changes.enabled = body.enabled;
    // Enabled again: a fresh start (the 3 days count anew); disabled by hand: no disabled-at mark.
    changes.failingSince = null;
    changes.disabledAt = body.enabled ? null : Date.now();
  }
  const row = await deps.store.updateEndpoint(dealershipId, id, changes, Date.now());
  if (!row) throw notFound(HANDOFF_MSG.endpointNotFound);
  return toEndpoint(row);
}

export async function removeWebhook(store: HandoffStore, dealershipId: string, id: string): Promise<void> {
  await ownWebhook(store, dealershipId, id);
  await store.removeEndpoint(dealershipId, id);
}

/** Sets the CRM lead address ("" removes it, with its log). */
export async function setLeadAddress(
  store: HandoffStore,
  dealershipId: string,
  address: string,
): Promise<HandoffEndpoint | null> {
  const [current] = await store.endpoints(dealershipId, "lead");
  const now = Date.now();
  if (address === "") {
    if (current) await store.removeEndpoint(dealershipId, current.id);
    return null;
  }
  if (current) {
    const row = await store.updateEndpoint(
      dealershipId,
      current.id,
      { url: address, enabled: true, failingSince: null, disabledAt: null },
      now,
    );
    return row ? toEndpoint(row) : null;
  }
  const row: HandoffEndpointRow = {
    id: randomUUID(),
    dealershipId,
    kind: "lead",
    url: address,
    events: JSON.stringify(LEAD_EVENT_TYPES),
    includeGross: false,
    secret: "",
    enabled: true,
    failingSince: null,
    disabledAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await store.addEndpoint(row);
  return toEndpoint(row);
}

/** A made-up deal for "Send test lead" and "Send test event", so a receiver can be tried safely. */
function sampleEventData(appUrl: string, dealershipId: string, dealershipName: string): QuoteEventData {
  return {
    test: true,
    quote: {
      id: "test-quote",
      url: `${appUrl}/settings/integrations`,
      salesperson: { id: "test-salesperson", name: "Sam Seller", email: "sam@example.com" },
      vehicle: {
        description: "2021 Honda Accord EX-L",
        year: 2021,
        make: "Honda",
        model: "Accord",
        trim: "EX-L",
        vin: "1HGCV1F56MA000000",
        stockNumber: "TEST-1",
        mileage: 24000,
        color: "Blue",
        condition: "used",
        msrp: null,
        advertisedPrice: 25000,
      },
      selectedStructure: {
        kind: "cash",
        text: "Cash, $26,500.00 out the door",
        price: 26500,
        downPayment: 0,
      },
      outTheDoorPrice: 26500,
      tradeIn: null,
      version: { number: 1, kind: "accepted", fingerprint: "0000-0000-0000" },
    },
    customer: { name: "Test Shopper", email: "test.shopper@example.com", phone: "15555550100" },
    dealership: { id: dealershipId, name: dealershipName, phone: null },
  };
}

/** Sends a test event (webhooks) or a test lead (the lead address) to that one endpoint; its event id. */
export async function sendTest(
  deps: EndpointDeps,
  dealershipId: string,
  endpoint: HandoffEndpointRow,
  dealershipName: string,
): Promise<string> {
  if (!endpoint.enabled) throw badRequest(HANDOFF_MSG.endpointDisabled);
  const publicId = newEventId();
  await deps.store.record({
    publicId,
    dealershipId,
    type: endpoint.kind === "lead" ? TEST_LEAD_TYPE : TEST_EVENT_TYPE,
    quoteId: null,
    createdAt: Date.now(),
    payload: JSON.stringify(sampleEventData(deps.emitter.appUrl, dealershipId, dealershipName)),
    endpointId: endpoint.id,
  });
  deps.emitter.wake();
  return publicId;
}

/** How long "Send test lead" waits for the first try before it answers "queued". */
export const TEST_LEAD_WAIT_MS = 15_000;

/**
 * The first logged attempt of an event at an endpoint, whichever process's worker made it (the
 * log is shared), or undefined when none has ended within `waitMs`.
 */
export async function firstAttempt(
  store: HandoffStore,
  endpointId: string,
  eventId: string,
  waitMs: number,
): Promise<HandoffLogRow | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const rows = await store.log(endpointId, 20);
    const found = rows.filter((row) => row.eventId === eventId).at(-1);
    if (found || Date.now() >= deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What a test lead's first try came to, in the owner's words (#51: "sent" only when a mail server took it). */
export function testLeadResult(address: string, attempt: HandoffLogRow | undefined): TestLeadResult {
  const T = INTEGRATIONS_TEXT;
  if (!attempt) return { outcome: "queued", message: T.testLeadQueued };
  if (!attempt.ok) return { outcome: "failed", message: T.testLeadFailed(attempt.response) };
  const file = outboxFileOf(attempt.response);
  if (file) return { outcome: "outbox", message: T.testLeadOutbox(file) };
  return { outcome: "sent", message: T.testLeadSent(address, attempt.response.trim()) };
}

export async function deliveryLog(store: HandoffStore, endpointId: string): Promise<DeliveryAttempt[]> {
  const rows = await store.log(endpointId, 100);
  return rows.map((row) => ({
    id: row.id,
    deliveryId: row.deliveryId,
    at: new Date(row.at).toISOString(),
    event: row.eventType,
    eventId: row.eventId,
    attempt: row.attempt,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    ok: row.ok,
    response: row.response,
    deliveryStatus: row.deliveryStatus,
  }));
}
