import { economicsSchema } from "@shared/deal/economics";
import { quoteDataSchema } from "@shared/schemas/quote-schema";
import { z } from "zod";

// Issue #39: zod schemas of the API's answers, for GET /api/openapi.json and for the test that
// checks real answers against them. Request bodies are the routes' own schemas (operations.ts).
// The deal itself (a quote's `data`, a version's `snapshot.data`) is declared with the schema the
// live guard and the routes validate it with (shared/schemas/quote-schema.ts), field by field; the
// figures computed from it (a breakdown, calculate's result) by their top-level keys.

const money = z.number();
const iso = z.string().describe("ISO 8601 time");
const ms = z.number().int().describe("milliseconds since the epoch");

export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const messageSchema = z.object({ message: z.string() });

const profile = z.object({
  dealershipName: z.string(),
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phoneNumber: z.string(),
});

const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(["owner", "manager", "salesperson"]),
  dealerProfile: profile,
});

export const authSchema = z.object({ token: z.string(), user: userSchema });
export const userAnswer = z.object({ user: userSchema });

export const quoteListItem = z
  .object({
    id: z.string(),
    created_at: iso,
    expires_at: iso,
    vehicleDescription: z.string(),
    customerName: z.string(),
    salesperson: z.object({ id: z.string(), name: z.string() }),
    outTheDoorPrice: money.nullable(),
    accepted: z.boolean(),
    gross: z
      .number()
      .nullable()
      .optional()
      .describe(
        "issue #38: the deal's total gross (null: not known); only for members who see gross, absent otherwise",
      ),
  })
  .loose();

/** Issue #38: the deal's gross in dollars (`front` and `total` null while the vehicle's cost is unknown). */
const grossSchema = z.object({
  front: money.nullable(),
  addOns: money,
  reserve: money,
  back: money,
  total: money.nullable(),
});

/** Issue #46: the deal as presented (shared/deal/presented-deal.ts). */
const presentedDealSchema = z
  .object({
    structure: z.enum(["cash", "finance", "lease"]),
    months: z.number().int().optional(),
    down: z.number(),
    monthlyPayment: z.number().optional(),
    amountDueAtSigning: z.number().optional(),
    cashPrice: z.number().optional(),
    dueToCustomer: z.number().optional(),
    aprPercent: z.number().optional(),
    text: z.string().describe('"Finance, 60 months, $5,000.00 down, $584.68/mo (Good credit, 8.5% APR)"'),
  })
  .describe("the deal as presented");

/** Issue #46: 409 of an acceptance (or a version) naming a fingerprint the deal no longer has. */
export const dealChangedSchema = z.object({
  message: z.string(),
  selected: presentedDealSchema,
  fingerprint: z.string(),
});

export const quoteSchema = z
  .object({
    id: z.string(),
    created_at: iso,
    expires_at: iso,
    expired: z.boolean(),
    data: quoteDataSchema
      .extend({
        customerInfo: z
          .object({ name: z.string(), email: z.string().optional(), phone: z.string().optional() })
          .optional()
          .describe("the dealer's customer record (its answer only; name empty when none)"),
      })
      .describe("the deal (vehicle, pricing, add-ons, fees, taxes, trade-in, structures, …)"),
    dealership: profile.extend({ consultant: z.string() }),
    locked: z.boolean(),
    acceptedVersion: z.number().int().nullable(),
    counterOffer: z.number().int().nullable(),
    selected: presentedDealSchema.optional(),
    fingerprint: z
      .string()
      .optional()
      .describe("the fingerprint of the deal as shown: what an acceptance names"),
    stock: z.record(z.string(), z.unknown()).nullable().optional().describe("the dealer's answer only"),
    stateSeq: z
      .number()
      .int()
      .optional()
      .describe("the dealer's answer only: the quote's state seq at the read (the live message 101's `seq`)"),
    gross: grossSchema.optional().describe("only for a member who sees gross"),
    economics: economicsSchema.optional().describe("only for a member who sees gross"),
  })
  .loose();

export const idAnswer = z.object({ id: z.string() });

const addOn = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: money,
  cost: money.optional().describe("issue #38: what the add-on costs the dealership (absent: not entered)"),
});
const tax = z.object({
  id: z.string(),
  description: z.string(),
  rate: z.number(),
  baseCap: money.optional(),
});
const fee = z.object({ id: z.string(), name: z.string(), description: z.string(), amount: money });
export const listItems = { addons: addOn, taxes: tax, "dealer-fees": fee, "government-fees": fee } as const;

export const interestRatesAnswer = z.object({
  interestRates: z.array(z.object({ term_months: z.number().int(), interest_rate: z.number() })),
});

export const versionRow = z.object({
  number: z.number().int(),
  kind: z.enum(["saved", "accepted", "counter"]),
  createdAt: iso,
  actor: z.string(),
  fingerprint: z.string(),
});

export const versionAnswer = versionRow.extend({
  snapshot: z
    .object({
      data: quoteDataSchema.describe("the deal as it was"),
      breakdown: z.record(z.string(), z.unknown()).describe("its figures (cents)"),
      dealership: profile.extend({ consultant: z.string() }),
      choice: z.record(z.string(), z.unknown()).nullable(),
    })
    .loose(),
  gross: grossSchema
    .optional()
    .describe("issue #38: the gross the version was saved with; only for a dealer who sees gross"),
  economics: economicsSchema
    .optional()
    .describe("issue #38: the deal economics the version was saved with; only for a dealer who sees gross"),
});

export const teamMember = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(["owner", "manager", "salesperson"]),
});

export const endpointSchema = z.object({
  id: z.string(),
  kind: z.enum(["webhook", "lead"]),
  url: z.string(),
  events: z.array(z.string()),
  includeGross: z.boolean(),
  enabled: z.boolean(),
  failingSince: iso.nullable(),
  disabledAt: iso.nullable(),
  createdAt: iso,
});

export const integrationsAnswer = z.object({
  leadAddress: endpointSchema.nullable(),
  webhooks: z.array(endpointSchema),
  eventTypes: z.array(z.object({ type: z.string(), description: z.string() })),
});

export const deliveryAttempt = z.object({
  id: z.number().int(),
  deliveryId: z.number().int(),
  at: iso,
  event: z.string(),
  eventId: z.string(),
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  response: z.string(),
  deliveryStatus: z.enum(["pending", "delivered", "failed"]),
});

export const liveStatus = z.object({
  now: ms,
  quotes: z.array(z.object({ id: z.string(), visitStartedAt: ms, label: z.string() })),
  accepted: z.array(
    z.object({ id: z.string(), version: z.number().int(), acceptedAt: ms, label: z.string() }),
  ),
});

export const historyAnswer = z.object({ events: z.array(z.record(z.string(), z.unknown())) });

export const checklistAnswer = z.object({ show: z.boolean(), steps: z.record(z.string(), z.boolean()) });

/** An object answer declared by its top-level keys (the deal's deep documents). */
export const looseObject = (description: string) => z.record(z.string(), z.unknown()).describe(description);

/** Issue #50: GET /vehicles/decode's answer (shared/inventory/vin-decode.ts DecodedVehicle). */
export const decodedVehicleSchema = z
  .object({
    vin: z.string(),
    year: z.number().int(),
    make: z.string(),
    model: z.string().describe('"" when vPIC knows the maker and year but not the model'),
    trim: z.string().optional(),
    series: z.string().optional(),
    bodyClass: z.string().optional(),
    description: z.string().describe('As the quote form writes it: "2023 Hyundai Kona SE"'),
  })
  .strict();

/** GET /quotes/{id}/decode-vin's answer: only what a shopper's trade-in needs. */
export const shopperDecodedVehicleSchema = decodedVehicleSchema
  .pick({ year: true, make: true, model: true, trim: true, description: true })
  .strict();
