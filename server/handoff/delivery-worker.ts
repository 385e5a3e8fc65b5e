import { randomUUID } from "node:crypto";
import { HANDOFF_MSG, TEST_LEAD_TYPE } from "@shared/schemas/handoff";
import { TEXT } from "@shared/text/page-text";
import type { Config } from "../config";
import type { LeasedDelivery } from "../db/repositories/handoff";
import type { Stores } from "../db/stores";
import type { Mailer } from "../mail/mailer";
import { forEndpoint, type QuoteEventData } from "../quotes/event-data";
import type { HandoffEmitter } from "../quotes/handoff-emitter";
import type { LiveControl } from "../quotes/live-control";
import type { VinDecoder } from "../vehicles/vin-decoder";
import { adfLeadMail } from "./adf-lead";
import { releaseHeldRequests } from "./payment-request-leads";
import { payloadToSend } from "./pending-events";
import { type AttemptResult, postWebhook, signedHeaders } from "./send-webhook";
import { decodeTradeIn } from "./trade-in-decode";

// Issue #39: each process runs one delivery worker over the shared outbox. It leases the head of
// each endpoint's queue (one delivery at a time per endpoint, in event order), sends it (a signed
// POST, or an ADF lead by mail), logs the attempt, and schedules the next one with backoff and
// jitter until the schedule runs out (failed). An endpoint failing for 3 days is disabled and the
// dealership's owner is mailed. Events stored by this process wake it at once; the others' by the
// poll (HandoffSettings.pollMs). Each pass first turns the payment requests whose quote's window is
// over into their one event (issue #47, payment-request-leads.ts).

type DeliveryWorker = HandoffEmitter & {
  /** Stops leasing; resolves when the deliveries under way are finished. */
  stop(): Promise<void>;
};

/** How many deliveries one pass leases (each of another endpoint). */
const BATCH = 10;

/** Retry delay with ±20% jitter, so that receivers failing together are not retried together. */
const withJitter = (delayMs: number, random = Math.random) => Math.round(delayMs * (0.8 + 0.4 * random()));

export function startDeliveryWorker(deps: {
  config: Config;
  stores: Stores;
  mailer: Mailer;
  /** Reads a deal as it stands, to complete a payment request's event (pending-events.ts). */
  live: LiveControl;
  /** Issue #50: a lead's trade-in named from its VIN when the description does not say. */
  vinDecoder: VinDecoder;
  log: (line: string) => void;
}): DeliveryWorker {
  const { config, stores, mailer, log } = deps;
  const eventDeps = { stores, live: deps.live, handoff: { appUrl: config.appUrl, wake: () => {} } };
  const settings = config.handoff;
  const owner = randomUUID();
  // Longer than any one attempt: a lease runs out only when its process died mid-delivery.
  const leaseMs = settings.timeoutMs + 50_000;
  let stopped = false;
  let pass: Promise<void> | null = null;
  let again = false;

  // One process on SQLite: leases left by a process killed mid-delivery are dropped at once.
  const ready = stores.handoff.releaseLeases().catch(() => {});

  async function attempt(delivery: LeasedDelivery): Promise<AttemptResult> {
    const { endpoint, event } = delivery;
    const data = await payloadToSend(eventDeps, event);
    if (endpoint.kind === "lead") return sendLead(endpoint.url, data as QuoteEventData, event);
    if (new URL(endpoint.url).protocol === "http:" && !settings.allowHttp)
      return { statusCode: null, response: HANDOFF_MSG.httpsRequired, durationMs: 0, ok: false };
    const body = JSON.stringify({
      type: event.type,
      timestamp: new Date(event.createdAt).toISOString(),
      data: forEndpoint(data, endpoint.includeGross),
    });
    return postWebhook(endpoint.url, signedHeaders(endpoint.secret, event.publicId, new Date(), body), body, {
      timeoutMs: settings.timeoutMs,
      allowPrivate: settings.allowPrivate,
    });
  }

  async function sendLead(
    to: string,
    data: QuoteEventData,
    event: LeasedDelivery["event"],
  ): Promise<AttemptResult> {
    const started = performance.now();
    const durationMs = () => Math.round(performance.now() - started);
    try {
      const leadId = event.type === "quote.payment_requested" ? event.publicId : undefined;
      const tradeInDecoded = await decodeTradeIn(deps.vinDecoder, data.quote.tradeIn);
      const mail = adfLeadMail(to, { ...data, tradeInDecoded }, event.createdAt, config.appUrl, leadId);
      if (event.type === TEST_LEAD_TYPE) mail.subject = `Test lead from ${TEXT.productName}`;
      const { response } = await mailer.send(mail);
      const code = /^(\d{3})/.exec(response)?.[1];
      return {
        statusCode: code ? Number(code) : null,
        response: response.slice(0, 1024),
        durationMs: durationMs(),
        ok: true,
      };
    } catch (error) {
      const code = (error as { responseCode?: unknown }).responseCode;
      return {
        statusCode: typeof code === "number" ? code : null,
        response: (error instanceof Error ? error.message : String(error)).slice(0, 1024),
        durationMs: durationMs(),
        ok: false,
      };
    }
  }

  async function deliver(delivery: LeasedDelivery): Promise<void> {
    let result: AttemptResult;
    try {
      result = await attempt(delivery);
    } catch (error) {
      result = {
        statusCode: null,
        response: error instanceof Error ? error.message : String(error),
        durationMs: 0,
        ok: false,
      };
    }
    const now = Date.now();
    const number = delivery.attempts + 1;
    const delay = settings.retryDelaysMs[number - 1];
    const next = result.ok
      ? { status: "delivered" as const, nextAttemptAt: now }
      : delay === undefined
        ? { status: "failed" as const, nextAttemptAt: now }
        : { status: "pending" as const, nextAttemptAt: now + withJitter(delay) };
    const finished = await stores.handoff.finish(delivery.id, owner, { at: now, ...result }, next);
    if (finished && finished.failingSince !== null && now - finished.failingSince >= settings.disableAfterMs)
      await disable(delivery, finished.failingSince, now);
  }

  async function disable(delivery: LeasedDelivery, failingSince: number, now: number): Promise<void> {
    const { endpoint } = delivery;
    await stores.handoff.disable(endpoint.id, now);
    log(
      `Endpoint ${endpoint.url} failed every delivery since ${new Date(failingSince).toISOString()}: disabled`,
    );
    const owners = (await stores.users.members(endpoint.dealershipId)).filter((m) => m.role === "owner");
    const what =
      endpoint.kind === "lead"
        ? `The CRM lead address ${endpoint.url}`
        : `The webhook endpoint ${endpoint.url}`;
    for (const person of owners)
      await mailer
        .send({
          to: person.email,
          subject: HANDOFF_MSG.disabledSubject,
          text: [
            `${what} has failed every delivery for 3 days, so ${TEXT.productName} disabled it.`,
            "",
            `Check the receiver, then enable it again in Settings → Integrations: ${config.appUrl}/settings/integrations`,
            "",
            `The ${TEXT.productName} team`,
          ].join("\n"),
        })
        .catch((error: unknown) =>
          log(`Mail about the disabled endpoint failed: ${error instanceof Error ? error.message : error}`),
        );
  }

  async function runPasses(): Promise<void> {
    await ready;
    do {
      again = false;
      let leased: LeasedDelivery[] = [];
      try {
        await releaseHeldRequests(stores, settings.paymentRequestWindowMs);
        leased = await stores.handoff.lease(owner, Date.now(), leaseMs, BATCH);
        await Promise.all(leased.map(deliver));
      } catch (error) {
        log(`Webhook delivery pass failed: ${error instanceof Error ? error.message : error}`);
      }
      // A full batch, or a delivery that finished: the next head of its endpoint may be due now.
      if (leased.length > 0) again = true;
    } while (again && !stopped);
  }

  const wake = () => {
    if (stopped) return;
    if (pass) {
      again = true;
      return;
    }
    pass = runPasses().finally(() => {
      pass = null;
    });
  };
  const timer = setInterval(wake, settings.pollMs);
  timer.unref();
  wake();

  return {
    appUrl: config.appUrl,
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pass;
    },
  };
}
