import { economicsSettingsSchema } from "@shared/deal/economics";
import { stockVehicleSchema } from "@shared/inventory/vehicle-schema";
import { checklistMarkSchema } from "@shared/schemas/checklist";
import { leadAddressSchema, webhookCreateSchema, webhookUpdateSchema } from "@shared/schemas/handoff";
import { createQuoteSchema, taxRulesSchema } from "@shared/schemas/quote-schema";
import {
  accountBodySchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
} from "@shared/validation/account";
import { calculateBodySchema, solveBodySchema } from "@shared/validation/calculate";
import { profileBodySchema } from "@shared/validation/dealership";
import { addonBodySchema } from "@shared/validation/default-add-ons";
import { feeBodySchema } from "@shared/validation/default-fees";
import { taxBodySchema } from "@shared/validation/default-taxes";
import { interestRatesBodySchema } from "@shared/validation/interest-rates";
import { requestResetBodySchema, resetPasswordBodySchema } from "@shared/validation/password-reset";
import { loginBodySchema, registerBodySchema } from "@shared/validation/register";
import {
  acceptInvitationBodySchema,
  invitationBodySchema,
  reassignBodySchema,
  roleBodySchema,
} from "@shared/validation/team";
import { z } from "zod";
import { sharedBody } from "../routes/analytics";
import { paymentOptionsBody } from "../routes/payment-options";
import { acceptBody, versionBody } from "../routes/versions";
import {
  authSchema,
  checklistAnswer,
  dealChangedSchema,
  decodedVehicleSchema,
  deliveryAttempt,
  endpointSchema,
  historyAnswer,
  idAnswer,
  integrationsAnswer,
  interestRatesAnswer,
  listItems,
  liveStatus,
  looseObject,
  messageSchema,
  quoteListItem,
  quoteSchema,
  shopperDecodedVehicleSchema,
  teamMember,
  userAnswer,
  versionAnswer,
  versionRow,
} from "./schemas";

// Issue #39: every /api operation, with the zod schema its route validates the body with and the
// schemas of its answers. openapi-document.ts turns this table into GET /api/openapi.json, and
// openapi.test.ts checks that the app has no route missing here and that real answers match.

type Auth = "bearer" | "optional" | "none";
export type Operation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** OpenAPI path under /api, parameters in braces. */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  body?: z.ZodType;
  /** Query parameters: name → [required, description]. */
  query?: Record<string, readonly [boolean, string]>;
  /** Status → answer schema (null: no body; "csv", "pdf", "html": that media type). */
  responses: Record<number, z.ZodType | null | "csv" | "text">;
};

const list = <T extends z.ZodType>(item: T) => z.array(item);
const nothing = null;

const defaultLists = (
  [
    ["addons", "addons", "addon", addonBodySchema],
    ["taxes", "taxes", "tax", taxBodySchema],
    ["dealer-fees", "dealerFees", "dealerFee", feeBodySchema],
    ["government-fees", "governmentFees", "governmentFee", feeBodySchema],
  ] as const
).flatMap(([path, listKey, itemKey, body]): Operation[] => {
  const item = listItems[path];
  const one = z.object({ [itemKey]: item });
  const base = `/dealer-defaults/${path}`;
  const tag = "Dealer defaults";
  return [
    {
      method: "get",
      path: base,
      summary: `The dealership's ${path}`,
      tag,
      auth: "bearer",
      responses: { 200: z.object({ [listKey]: list(item) }) },
    },
    {
      method: "post",
      path: base,
      summary: `Adds one of ${path}`,
      tag,
      auth: "bearer",
      body,
      responses: { 201: one, 400: null, 403: null },
    },
    {
      method: "get",
      path: `${base}/{id}`,
      summary: `One of ${path}`,
      tag,
      auth: "bearer",
      responses: { 200: one, 404: null },
    },
    {
      method: "put",
      path: `${base}/{id}`,
      summary: `Changes one of ${path}`,
      tag,
      auth: "bearer",
      body,
      responses: { 200: one, 400: null, 404: null },
    },
    {
      method: "delete",
      path: `${base}/{id}`,
      summary: `Deletes one of ${path} (kept in existing quotes)`,
      tag,
      auth: "bearer",
      responses: { 200: messageSchema, 404: null },
    },
  ];
});

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/health",
    summary: "Whether storage takes writes",
    tag: "Server",
    auth: "none",
    responses: {
      200: z.object({ ok: z.boolean(), storageWritable: z.boolean() }),
      503: z.object({ ok: z.boolean(), storageWritable: z.boolean() }),
    },
  },
  {
    method: "get",
    path: "/openapi.json",
    summary: "This description",
    tag: "Server",
    auth: "none",
    responses: { 200: looseObject("an OpenAPI 3.1 document") },
  },

  {
    method: "post",
    path: "/auth/login",
    summary: "Signs in",
    tag: "Auth",
    auth: "none",
    body: loginBodySchema,
    responses: { 200: authSchema, 400: null, 401: null, 429: null },
  },
  {
    method: "get",
    path: "/auth/registration",
    summary: "Whether registration is open",
    tag: "Auth",
    auth: "none",
    responses: { 200: z.object({ open: z.boolean() }) },
  },
  {
    method: "post",
    path: "/auth/register",
    summary: "Registers a dealership and its owner",
    tag: "Auth",
    auth: "none",
    body: registerBodySchema,
    responses: { 201: authSchema, 400: null, 403: null, 409: null, 429: null },
  },
  {
    method: "get",
    path: "/auth/me",
    summary: "The signed-in user",
    tag: "Auth",
    auth: "bearer",
    responses: { 200: userAnswer, 401: null },
  },
  {
    method: "post",
    path: "/auth/request-reset",
    summary: "Mails a password-reset link",
    tag: "Auth",
    auth: "none",
    body: requestResetBodySchema,
    responses: { 200: messageSchema, 400: null, 429: null },
  },
  {
    method: "post",
    path: "/auth/reset-password",
    summary: "Sets a new password with a reset token",
    tag: "Auth",
    auth: "none",
    body: resetPasswordBodySchema,
    responses: { 200: messageSchema, 400: null },
  },
  {
    method: "put",
    path: "/auth/email",
    summary: "Changes the email",
    tag: "Auth",
    auth: "bearer",
    body: changeEmailBodySchema,
    responses: { 200: userAnswer, 400: null, 401: null, 409: null },
  },
  {
    method: "put",
    path: "/auth/password",
    summary: "Changes the password",
    tag: "Auth",
    auth: "bearer",
    body: changePasswordBodySchema,
    responses: { 200: z.object({ message: z.string(), token: z.string() }), 400: null, 401: null },
  },
  {
    method: "put",
    path: "/auth/account",
    summary: "Changes the name",
    tag: "Auth",
    auth: "bearer",
    body: accountBodySchema,
    responses: { 200: userAnswer, 400: null },
  },
  {
    method: "put",
    path: "/auth/profile",
    summary: "Changes the dealership profile",
    tag: "Auth",
    auth: "bearer",
    body: profileBodySchema,
    responses: { 200: userAnswer, 400: null, 403: null },
  },
  {
    method: "post",
    path: "/auth/accept-invitation",
    summary: "Joins a dealership by invitation",
    tag: "Team",
    auth: "none",
    body: acceptInvitationBodySchema,
    responses: { 201: authSchema, 400: null, 409: null },
  },
  {
    method: "get",
    path: "/auth/invitation",
    summary: "What an invitation link (?token=…) joins: the dealership, the role and the invited email",
    tag: "Team",
    auth: "none",
    responses: {
      200: z.object({
        email: z.string(),
        role: z.enum(["manager", "salesperson"]),
        dealershipName: z.string(),
        invitedBy: z.string(),
      }),
      400: null,
    },
  },

  {
    method: "get",
    path: "/team",
    summary: "The dealership's members",
    tag: "Team",
    auth: "bearer",
    responses: { 200: list(teamMember) },
  },
  {
    method: "post",
    path: "/team/invitations",
    summary:
      "Invites a member: delivery sent (the mail server accepted it) or outbox (no SMTP_URL: the file and the link to hand over); 502 with the mail server's reason",
    tag: "Team",
    auth: "bearer",
    body: invitationBodySchema,
    responses: {
      201: z.union([
        z.object({ message: z.string(), delivery: z.literal("sent") }),
        z.object({
          message: z.string(),
          delivery: z.literal("outbox"),
          outboxFile: z.string(),
          link: z.string(),
        }),
      ]),
      400: null,
      403: null,
      409: null,
      429: null,
      502: null,
    },
  },
  {
    method: "get",
    path: "/team/invitations",
    summary: "Pending invitations",
    tag: "Team",
    auth: "bearer",
    responses: {
      200: list(
        z.object({
          id: z.string(),
          email: z.string(),
          role: z.string(),
          invitedBy: z.string(),
          expiresAt: z.string(),
        }),
      ),
      403: null,
    },
  },
  {
    method: "delete",
    path: "/team/invitations/{id}",
    summary: "Revokes an invitation",
    tag: "Team",
    auth: "bearer",
    responses: { 204: nothing, 403: null, 404: null },
  },
  {
    method: "put",
    path: "/team/members/{id}",
    summary: "Changes a member's role",
    tag: "Team",
    auth: "bearer",
    body: roleBodySchema,
    responses: { 200: teamMember, 400: null, 403: null, 404: null },
  },
  {
    method: "delete",
    path: "/team/members/{id}",
    summary: "Removes a member (their quotes pass to the owner)",
    tag: "Team",
    auth: "bearer",
    responses: { 200: looseObject("the removal"), 403: null, 404: null },
  },
  {
    method: "get",
    path: "/team/audit",
    summary: "The team audit, newest first",
    tag: "Team",
    auth: "bearer",
    responses: {
      200: list(z.object({ at: z.string(), actor: z.string(), action: z.string(), detail: z.string() })),
      403: null,
    },
  },

  {
    method: "get",
    path: "/dealership/checklist",
    summary: "The owner's first-run checklist",
    tag: "Dealership",
    auth: "bearer",
    responses: { 200: checklistAnswer },
  },
  {
    method: "post",
    path: "/dealership/checklist",
    summary: "Marks a checklist step",
    tag: "Dealership",
    auth: "bearer",
    body: checklistMarkSchema,
    responses: { 200: checklistAnswer, 400: null, 403: null },
  },

  ...defaultLists,
  {
    method: "get",
    path: "/dealer-defaults/interest-rates/{tier}",
    summary: "One credit tier's default rates",
    tag: "Dealer defaults",
    auth: "bearer",
    responses: { 200: interestRatesAnswer, 404: null },
  },
  {
    method: "put",
    path: "/dealer-defaults/interest-rates/{tier}",
    summary: "Changes one tier's rates",
    tag: "Dealer defaults",
    auth: "bearer",
    body: interestRatesBodySchema,
    responses: { 200: interestRatesAnswer, 400: null, 403: null },
  },
  {
    method: "get",
    path: "/dealer-defaults/tax-profile",
    summary: "The dealership's tax rules",
    tag: "Dealer defaults",
    auth: "bearer",
    responses: { 200: looseObject("{ taxRules, examples }") },
  },
  {
    method: "put",
    path: "/dealer-defaults/tax-profile",
    summary: "Changes the tax rules",
    tag: "Dealer defaults",
    auth: "bearer",
    body: taxRulesSchema,
    responses: { 200: z.object({ taxRules: z.unknown() }), 400: null, 403: null },
  },
  {
    method: "get",
    path: "/dealer-defaults/payment-options",
    summary: "The payment options new quotes start with",
    tag: "Dealer defaults",
    auth: "bearer",
    responses: { 200: looseObject("{ structures, leaseProgram }") },
  },
  {
    method: "put",
    path: "/dealer-defaults/payment-options",
    summary: "Changes the payment options",
    tag: "Dealer defaults",
    auth: "bearer",
    body: paymentOptionsBody,
    responses: { 200: looseObject("{ structures, leaseProgram }"), 400: null, 403: null },
  },

  {
    method: "get",
    path: "/dealer-defaults/economics",
    summary:
      "The deal economics defaults (pack, buy rates, participation); only whether salespeople see gross for those who may not",
    tag: "Dealer defaults",
    auth: "bearer",
    responses: { 200: looseObject("the economics settings, or { salespeopleSeeGross: false }") },
  },
  {
    method: "put",
    path: "/dealer-defaults/economics",
    summary:
      "Changes the deal economics defaults (owners and managers; 'Salespeople see gross' the owner alone)",
    tag: "Dealer defaults",
    auth: "bearer",
    body: economicsSettingsSchema,
    responses: { 200: looseObject("the economics settings"), 400: null, 403: null },
  },

  {
    method: "post",
    path: "/calculate/solve",
    summary: "Solves for a target monthly payment: the selling price, down payment or term that reaches it",
    tag: "Calculation",
    auth: "bearer",
    body: solveBodySchema,
    responses: {
      200: z.object({
        value: z.number(),
        payment: z.number(),
        // Issue #49: the rounding applied, what the answer held fixed, and with `economics` the
        // gross at the answer and whether it loses money.
        roundTo: z.number(),
        heldFixed: z.string(),
        gross: looseObject("the gross at the answer (with economics)").optional(),
        losesMoney: z.boolean().optional(),
      }),
      400: null,
      422: null,
      429: null,
    },
  },
  {
    method: "post",
    path: "/calculate",
    summary: "Prices a deal (cash, finance, lease)",
    tag: "Calculation",
    auth: "bearer",
    body: calculateBodySchema,
    responses: { 200: looseObject("the deal's figures in dollars"), 400: null, 429: null },
  },

  {
    method: "get",
    path: "/quotes",
    summary: "The quotes the member sees, newest first",
    tag: "Quotes",
    auth: "bearer",
    responses: { 200: list(quoteListItem) },
  },
  {
    method: "post",
    path: "/quotes",
    summary: "Creates a quote",
    tag: "Quotes",
    auth: "bearer",
    body: createQuoteSchema,
    responses: { 201: idAnswer, 400: null, 429: null },
  },
  {
    method: "get",
    path: "/quotes/live-status",
    summary: "Shoppers looking now, deals accepted lately",
    tag: "Quotes",
    auth: "bearer",
    responses: { 200: liveStatus },
  },
  {
    method: "get",
    path: "/quotes/export.csv",
    summary: "The desk log as CSV",
    tag: "Analytics",
    auth: "bearer",
    responses: { 200: "csv", 403: null },
  },
  {
    method: "get",
    path: "/quotes/{id}",
    summary: "One quote (dealer or shopper view)",
    tag: "Quotes",
    auth: "optional",
    responses: { 200: quoteSchema, 404: null },
  },
  {
    method: "delete",
    path: "/quotes/{id}",
    summary: "Deletes a quote",
    tag: "Quotes",
    auth: "bearer",
    responses: { 204: nothing, 404: null },
  },
  {
    method: "post",
    path: "/quotes/{id}/renew",
    summary: "A new expiry",
    tag: "Quotes",
    auth: "bearer",
    responses: { 200: z.object({ id: z.string(), expires_at: z.string() }), 404: null },
  },
  {
    method: "post",
    path: "/quotes/{id}/duplicate",
    summary: "The dealer's side of the deal as a new quote",
    tag: "Quotes",
    auth: "bearer",
    responses: { 201: idAnswer, 404: null, 429: null },
  },
  {
    method: "get",
    path: "/quotes/{id}/history",
    summary: "The deal's history, newest first",
    tag: "Quotes",
    auth: "optional",
    responses: { 200: historyAnswer, 404: null },
  },
  {
    method: "put",
    path: "/quotes/{id}/salesperson",
    summary: "Reassigns the quote",
    tag: "Quotes",
    auth: "bearer",
    body: reassignBodySchema,
    responses: {
      200: z.object({ salesperson: z.object({ id: z.string(), name: z.string() }) }),
      400: null,
      403: null,
      404: null,
    },
  },
  {
    method: "post",
    path: "/quotes/{id}/shared",
    summary: "The dealer shared the link",
    tag: "Analytics",
    auth: "bearer",
    body: sharedBody,
    responses: { 204: nothing, 400: null, 404: null },
  },
  {
    method: "post",
    path: "/quotes/{id}/opened",
    summary: "The shopper's page opened the link",
    tag: "Analytics",
    auth: "optional",
    responses: { 204: nothing, 404: null },
  },
  {
    method: "get",
    path: "/quotes/{id}/sheet",
    summary: "The deal sheet of the current deal",
    tag: "Versions",
    auth: "optional",
    responses: { 200: looseObject("{ copy, sheet }"), 404: null },
  },
  {
    method: "get",
    path: "/quotes/{id}/versions/{n}/sheet",
    summary: "The deal sheet of a version",
    tag: "Versions",
    auth: "optional",
    responses: { 200: looseObject("{ copy, sheet }"), 404: null },
  },
  {
    method: "post",
    path: "/quotes/{id}/versions",
    summary: "Saves a version (a counter-offer after an acceptance)",
    tag: "Versions",
    auth: "bearer",
    body: versionBody,
    responses: {
      201: z.object({ number: z.number().int(), fingerprint: z.string(), createdAt: z.string() }),
      400: null,
      404: null,
      409: dealChangedSchema,
    },
  },
  {
    method: "get",
    path: "/quotes/{id}/versions",
    summary: "The versions, newest first",
    tag: "Versions",
    auth: "optional",
    responses: { 200: list(versionRow), 404: null },
  },
  {
    method: "get",
    path: "/quotes/{id}/versions/{n}",
    summary: "One version",
    tag: "Versions",
    auth: "optional",
    responses: { 200: versionAnswer, 404: null },
  },
  ...(["put", "patch", "delete"] as const).flatMap((method): Operation[] => [
    {
      method,
      path: "/quotes/{id}/versions",
      summary: "Versions never change",
      tag: "Versions",
      auth: "none",
      responses: { 405: messageSchema },
    },
    {
      method,
      path: "/quotes/{id}/versions/{n}",
      summary: "Versions never change",
      tag: "Versions",
      auth: "none",
      responses: { 405: messageSchema },
    },
  ]),
  {
    method: "post",
    path: "/quotes/{id}/accept",
    summary: "The shopper accepts the deal",
    tag: "Versions",
    auth: "none",
    body: acceptBody,
    responses: {
      200: z.object({ version: z.number().int() }),
      201: z.object({ version: z.number().int() }),
      400: null,
      404: null,
      409: dealChangedSchema,
      410: null,
    },
  },
  {
    method: "post",
    path: "/quotes/{id}/unlock",
    summary: "The dealer reopens an accepted deal",
    tag: "Versions",
    auth: "bearer",
    responses: { 200: z.object({ locked: z.literal(false) }), 400: null, 404: null },
  },

  {
    method: "get",
    path: "/analytics",
    summary: "The desk's funnel figures",
    tag: "Analytics",
    auth: "bearer",
    responses: { 200: looseObject("the analytics figures"), 400: null },
  },

  {
    method: "get",
    path: "/integrations",
    summary: "The lead address and webhook endpoints",
    tag: "Integrations",
    auth: "bearer",
    responses: { 200: integrationsAnswer, 403: null },
  },
  {
    method: "put",
    path: "/integrations/lead-address",
    summary: "Sets the CRM lead address",
    tag: "Integrations",
    auth: "bearer",
    body: leadAddressSchema,
    responses: { 200: z.object({ leadAddress: endpointSchema.nullable() }), 400: null, 403: null },
  },
  {
    method: "post",
    path: "/integrations/lead-address/test",
    summary:
      "Sends a test lead and answers what became of it: sent (the mail server accepted it), outbox (no SMTP_URL: written to a file), failed (with the reason) or queued",
    tag: "Integrations",
    auth: "bearer",
    responses: {
      200: z.object({ outcome: z.enum(["sent", "outbox", "failed", "queued"]), message: z.string() }),
      400: null,
      403: null,
    },
  },
  {
    method: "post",
    path: "/integrations/webhooks",
    summary: "Adds a webhook endpoint (its secret is answered once)",
    tag: "Integrations",
    auth: "bearer",
    body: webhookCreateSchema,
    responses: { 201: z.object({ endpoint: endpointSchema, secret: z.string() }), 400: null, 403: null },
  },
  {
    method: "patch",
    path: "/integrations/webhooks/{id}",
    summary: "Changes a webhook endpoint",
    tag: "Integrations",
    auth: "bearer",
    body: webhookUpdateSchema,
    responses: { 200: endpointSchema, 400: null, 404: null },
  },
  {
    method: "delete",
    path: "/integrations/webhooks/{id}",
    summary: "Deletes a webhook endpoint",
    tag: "Integrations",
    auth: "bearer",
    responses: { 204: nothing, 404: null },
  },
  {
    method: "post",
    path: "/integrations/webhooks/{id}/test",
    summary: "Sends a test event",
    tag: "Integrations",
    auth: "bearer",
    responses: { 202: nothing, 400: null, 404: null },
  },
  {
    method: "get",
    path: "/integrations/endpoints/{id}/deliveries",
    summary: "The delivery log, newest first",
    tag: "Integrations",
    auth: "bearer",
    responses: { 200: list(deliveryAttempt), 404: null },
  },
  {
    method: "post",
    path: "/integrations/deliveries/{id}/resend",
    summary: "Queues the same event again",
    tag: "Integrations",
    auth: "bearer",
    responses: { 202: nothing, 404: null },
  },
  {
    method: "get",
    path: "/inventory",
    summary: "The dealership's stock (?status=&q=)",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: looseObject("the vehicles"), 400: null },
  },
  {
    method: "post",
    path: "/inventory",
    summary: "Adds a stock vehicle",
    tag: "Inventory",
    auth: "bearer",
    body: stockVehicleSchema,
    responses: { 201: looseObject("the vehicle"), 400: null, 403: null, 409: null },
  },
  {
    method: "post",
    path: "/inventory/import",
    summary: "Imports stock from CSV (text/csv body; ?dryRun=true)",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: looseObject("the import's report"), 400: null, 403: null, 413: null },
  },
  {
    method: "get",
    path: "/inventory/import-report",
    summary: "The last import's report: counts and skipped rows (line, stock number, VIN, reason)",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: looseObject("the last import's report"), 403: null, 404: null },
  },
  {
    method: "get",
    path: "/inventory/import-report.csv",
    summary: "The last import's skipped rows as CSV",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: null, 403: null, 404: null },
  },
  {
    method: "get",
    path: "/inventory/{id}",
    summary: "One stock vehicle",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: looseObject("the vehicle"), 404: null },
  },
  {
    method: "put",
    path: "/inventory/{id}",
    summary: "Changes a stock vehicle",
    tag: "Inventory",
    auth: "bearer",
    body: stockVehicleSchema,
    responses: { 200: looseObject("the vehicle"), 400: null, 403: null, 404: null, 409: null },
  },
  {
    method: "post",
    path: "/inventory/{id}/sold",
    summary: "Marks a stock vehicle sold",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: looseObject("the vehicle"), 403: null, 404: null },
  },
  {
    method: "delete",
    path: "/inventory/{id}",
    summary: "Deletes a stock vehicle (one with quotes is marked sold)",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: looseObject("the vehicle, sold"), 204: nothing, 403: null, 404: null },
  },
  {
    method: "get",
    path: "/vehicles/decode",
    summary: "Decodes a VIN offline from NHTSA's vPIC data (rate-limited per member)",
    tag: "Vehicles",
    auth: "bearer",
    query: { vin: [true, "The 17-character VIN; spaces, dashes and lower case are accepted"] },
    responses: { 200: decodedVehicleSchema, 400: null, 401: null, 404: null, 429: null, 503: null },
  },
  {
    method: "get",
    path: "/quotes/{id}/decode-vin",
    summary: "Decodes the shopper's trade-in VIN through the quote (rate-limited per quote and per address)",
    tag: "Vehicles",
    auth: "none",
    query: { vin: [true, "The 17-character VIN; spaces, dashes and lower case are accepted"] },
    responses: { 200: shopperDecodedVehicleSchema, 400: null, 404: null, 429: null, 503: null },
  },
  {
    method: "post",
    path: "/quotes/{id}/sold",
    summary: "Marks the quote's stock vehicle sold",
    tag: "Inventory",
    auth: "bearer",
    responses: { 200: looseObject("the vehicle"), 400: null, 404: null },
  },
];
