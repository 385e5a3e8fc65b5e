// Issue #39: hand-off to the dealership's other systems (README "Webhooks" and "Leads to the CRM").
// The event names, the bodies of /api/integrations and their messages, shared by the server and
// the Settings → Integrations page.

import { MAX_URL_LENGTH } from "../core/constants";
import { z } from "../core/zod";
import { isValidEmail } from "./field-rules";

/** Every event a webhook endpoint may subscribe to, in the order the settings list them. */
export const WEBHOOK_EVENT_TYPES = [
  "quote.created",
  "quote.shared",
  "quote.opened",
  "quote.accepted",
  "quote.payment_requested",
  "quote.unlocked",
  "quote.version_created",
  "quote.reassigned",
  "quote.deleted",
  "inventory.status_changed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Sent only by "Send test event" / "Send test lead", to the one endpoint it was asked for. */
export const TEST_EVENT_TYPE = "webhook.test";
export const TEST_LEAD_TYPE = "lead.test";

/**
 * The events a lead address receives: one ADF lead per acceptance and per payment request (issue
 * #38). A lead address receives these whatever it was saved with (insertHandoffEvents).
 */
export const LEAD_EVENT_TYPES: readonly WebhookEventType[] = ["quote.accepted", "quote.payment_requested"];

export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "quote.created": "A quote is created",
  "quote.shared": "The quote's link goes out (copied, emailed, texted)",
  "quote.opened": "The shopper opens the quote (first visit of a day)",
  "quote.accepted": "The shopper accepts the deal",
  "quote.payment_requested": "The shopper asks for a different payment",
  "quote.unlocked": "The dealer reopens an accepted deal",
  "quote.version_created": "A version is saved (saved, accepted, counter-offer)",
  "quote.reassigned": "The quote passes to another salesperson",
  "quote.deleted": "The quote is deleted",
  "inventory.status_changed": "A vehicle in stock becomes available, pending or sold",
};

export const HANDOFF_MSG = {
  urlRequired: "Enter the receiver's URL",
  urlInvalid: "Enter a full URL, such as https://crm.example.com/hooks/dealdesk",
  httpsRequired:
    "The URL must start with https:// (plain http is allowed only with WEBHOOKS_ALLOW_HTTP=true)",
  privateAddress: (host: string) =>
    `${host} resolves to a private, loopback, link-local or metadata address; DealDesk does not send there unless WEBHOOKS_ALLOW_PRIVATE=true`,
  unresolvable: (host: string) => `${host} does not resolve to any address`,
  eventsRequired: "Choose at least one event",
  eventUnknown: "Unknown event",
  leadAddressInvalid: "Enter the CRM's lead email address, such as leads@crm.example.com",
  leadAddressMissing: "Set the CRM lead address first",
  endpointNotFound: "Endpoint not found",
  deliveryNotFound: "Delivery not found",
  endpointDisabled: "This endpoint is disabled: enable it first",
  endpointLimit: (max: number) => `A dealership has at most ${max} webhook endpoints`,
  timeout: (seconds: number) => `No answer within ${seconds} s`,
  disabledSubject: "A webhook endpoint was disabled",
  testLeadLimit: (max: number) => `At most ${max} test leads an hour; please try again later`,
  testEventLimit: (max: number) => `At most ${max} test events an hour; please try again later`,
} as const;

/** Issue #47: "Send test lead" and "Send test event" per dealership and hour (a mailbox is anyone's). */
export const TEST_LEADS_PER_HOUR = 5;
export const TEST_EVENTS_PER_HOUR = 10;
/** The dealership a test lead names: nothing an owner typed goes to an address the owner typed. */
export const TEST_LEAD_DEALERSHIP = "DealDesk test dealership";

/** At most this many webhook endpoints per dealership. */
export const MAX_WEBHOOK_ENDPOINTS = 20;

const webhookUrl = z
  .string({ error: HANDOFF_MSG.urlRequired })
  .trim()
  .min(1, HANDOFF_MSG.urlRequired)
  .max(MAX_URL_LENGTH, HANDOFF_MSG.urlInvalid)
  .refine((raw) => {
    try {
      const url = new URL(raw);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username;
    } catch {
      return false;
    }
  }, HANDOFF_MSG.urlInvalid);

const eventList = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: HANDOFF_MSG.eventUnknown }), {
    error: HANDOFF_MSG.eventsRequired,
  })
  .min(1, HANDOFF_MSG.eventsRequired)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

/** POST /api/integrations/webhooks. */
export const webhookCreateSchema = z.strictObject({
  url: webhookUrl,
  events: eventList,
  includeGross: z.boolean().default(false),
});
export type WebhookCreateBody = z.infer<typeof webhookCreateSchema>;

/** PATCH /api/integrations/webhooks/:id: any of the fields. */
export const webhookUpdateSchema = z.strictObject({
  url: webhookUrl.optional(),
  events: eventList.optional(),
  includeGross: z.boolean().optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateBody = z.infer<typeof webhookUpdateSchema>;

/** PUT /api/integrations/lead-address: "" removes it. */
export const leadAddressSchema = z.strictObject({
  address: z
    .string({ error: HANDOFF_MSG.leadAddressInvalid })
    .trim()
    .toLowerCase()
    .refine((value) => value === "" || isValidEmail(value), HANDOFF_MSG.leadAddressInvalid),
});

/** One endpoint as GET /api/integrations lists it (never its secret). */
export type HandoffEndpoint = {
  id: string;
  kind: "webhook" | "lead";
  url: string;
  events: string[];
  includeGross: boolean;
  enabled: boolean;
  failingSince: string | null;
  disabledAt: string | null;
  createdAt: string;
};

/** GET /api/integrations. */
export type IntegrationsResponse = {
  leadAddress: HandoffEndpoint | null;
  webhooks: HandoffEndpoint[];
  eventTypes: { type: WebhookEventType; description: string }[];
};

/** One attempt of the delivery log (newest first). */
export type DeliveryAttempt = {
  id: number;
  deliveryId: number;
  at: string;
  event: string;
  eventId: string;
  attempt: number;
  statusCode: number | null;
  durationMs: number;
  ok: boolean;
  response: string;
  /** The delivery's state now: still retrying, delivered, or failed for good. */
  deliveryStatus: "pending" | "delivered" | "failed";
};

/**
 * POST /api/integrations/lead-address/test (#51): what became of the test lead, said as it happened:
 * "sent" once the mail server accepted it, "outbox" when no mail server is set up (written to a
 * file on the server), "failed" with the reason, "queued" when its first try has not ended in time.
 */
export type TestLeadResult = { outcome: "sent" | "outbox" | "failed" | "queued"; message: string };

/** The words of Settings → Integrations. */
export const INTEGRATIONS_TEXT = {
  title: "Integrations",
  intro:
    "Hand accepted deals and shoppers' payment requests to your CRM as ADF/XML leads, and tell your own tools about each quote's progress with signed webhooks.",
  ownersOnly: "Only the owner and managers manage integrations.",
  leadTitle: "CRM lead address",
  leadHelp:
    "Each accepted deal and each payment request a shopper sends is mailed to this address as one ADF 1.0 lead (the format every CRM's lead inbox reads). Leave it empty to send none.",
  leadLabel: "CRM lead address",
  leadSaved: "Lead address saved",
  leadRemoved: "Lead address removed",
  leadSaveFailed: "Failed to save the lead address",
  save: "Save",
  sendTestLead: "Send test lead",
  testLeadSent: (address: string, answer: string) =>
    `The mail server accepted the test lead for ${address}${answer ? ` (${answer})` : ""}.`,
  testLeadOutbox: (file: string) =>
    `No mail server is set up (SMTP_URL), so the test lead was not sent: it was written to ${file} on the server.`,
  testLeadFailed: (reason: string) =>
    `The test lead was not sent: ${reason}. It is tried again on the usual schedule; see the delivery log below.`,
  testLeadQueued: "The test lead is queued; its result will appear in the delivery log below.",
  webhooksTitle: "Webhooks",
  webhooksHelp:
    "DealDesk POSTs each chosen event to your URL, signed per the Standard Webhooks specification. Failed deliveries are retried for about a day.",
  noWebhooks: "No webhook endpoints yet.",
  addEndpoint: "Add endpoint",
  urlLabel: "Endpoint URL",
  eventsLabel: "Events to send",
  includeGross: "Include gross",
  includeGrossHelp: "Send the deal's cost and gross profit too (only to systems you trust with them).",
  create: "Create endpoint",
  cancel: "Cancel",
  secretTitle: "Signing secret",
  secretOnce:
    "Copy this secret now: it is shown only this once. Your receiver verifies each request with it.",
  secretDone: "I have copied it",
  enabled: "Enabled",
  disabled: "Disabled",
  disable: "Disable",
  enable: "Enable",
  remove: "Delete",
  sendTestEvent: "Send test event",
  testEventSent: "A test event is on its way; see the delivery log",
  showLog: "Delivery log",
  hideLog: "Hide delivery log",
  resend: "Resend",
  resent: "Queued again",
  noDeliveries: "Nothing delivered yet.",
  logColumns: ["Time", "Event", "Status", "Duration", "Attempt", "Response", ""] as const,
  noAnswer: "no answer",
  failing: (since: string) => `Failing since ${since}`,
  loadFailed: "Failed to load integrations",
  actionFailed: "That did not work. Please try again.",
  endpointSaved: "Endpoint saved",
  endpointDeleted: "Endpoint deleted",
} as const;
