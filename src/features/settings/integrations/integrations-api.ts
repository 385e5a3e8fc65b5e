// Settings → Integrations' calls (issue #39): the CRM lead address, the webhook endpoints and
// their delivery logs.
import type {
  DeliveryAttempt,
  IntegrationsResponse,
  TestLeadResult,
  WebhookEventType,
} from "@shared/schemas/handoff";
import { apiRequest } from "@/lib/api";

export type EndpointBody = { url: string; events: WebhookEventType[]; includeGross: boolean };

const webhook = (id: string) => `/integrations/webhooks/${id}`;

export const loadIntegrations = () => apiRequest<IntegrationsResponse>("/integrations", { auth: true });

export const saveLeadAddress = (address: string) =>
  apiRequest("/integrations/lead-address", { method: "PUT", body: { address }, auth: true });

/** The server answers once the first try has ended (up to 15 s). */
export const sendTestLead = () =>
  apiRequest<TestLeadResult>("/integrations/lead-address/test", { method: "POST", auth: true });

export const createWebhook = (body: EndpointBody) =>
  apiRequest<{ secret: string }>("/integrations/webhooks", { method: "POST", body, auth: true });

export const changeWebhook = (id: string, body: object) =>
  apiRequest(webhook(id), { method: "PATCH", body, auth: true });

export const sendTestEvent = (id: string) =>
  apiRequest(`${webhook(id)}/test`, { method: "POST", auth: true });

export const deleteWebhook = (id: string) => apiRequest(webhook(id), { method: "DELETE", auth: true });

export const listDeliveries = (endpointId: string) =>
  apiRequest<DeliveryAttempt[]>(`/integrations/endpoints/${endpointId}/deliveries`, { auth: true });

export const resendDelivery = (deliveryId: number) =>
  apiRequest(`/integrations/deliveries/${deliveryId}/resend`, { method: "POST", auth: true });
