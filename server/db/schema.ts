import { sql } from "drizzle-orm";
import {
  blob,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

// Times are integer milliseconds since the epoch; money is integer cents.

// A dealership owns the profile, the defaults and the quotes; its people are the users rows
// pointing at it. A dealership migrated from a single-account install has its owner's user id.
export const dealerships = sqliteTable("dealerships", {
  id: text("id").primaryKey(),
  dealershipName: text("dealership_name").notNull().default(""),
  streetAddress: text("street_address").notNull().default(""),
  city: text("city").notNull().default(""),
  state: text("state").notNull().default(""),
  zipCode: text("zip_code").notNull().default(""),
  phoneNumber: text("phone_number").notNull().default(""),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  // The owner's first-run checklist (issue #14): when a step was marked done, when it was dismissed.
  checklistTaxesAt: integer("checklist_taxes_at"),
  checklistSharedAt: integer("checklist_shared_at"),
  checklistDismissedAt: integer("checklist_dismissed_at"),
});

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    // The member's dealership and role in it (shared/rules/permissions.ts says what each role may do).
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "manager", "salesperson"] }).notNull(),
    // Tokens issued before this instant are refused (password change or reset).
    tokensValidAfter: integer("tokens_valid_after").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("reset_token_hash_unique").on(t.tokenHash), index("reset_token_user").on(t.userId)],
);

const dealerId = () =>
  text("dealer_id")
    .notNull()
    .references(() => dealerships.id, { onDelete: "cascade" });

/** Columns every soft-deletable default list shares: owner, times, and the soft-delete mark. */
const listItemColumns = () => ({
  id: text("id").primaryKey(),
  dealerId: dealerId(),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  // Set instead of deleting: the item leaves future quotes and stays in existing ones.
  deletedAt: integer("deleted_at"),
});

/** Dealer fees and government fees have the same shape. */
const feeColumns = () => ({
  ...listItemColumns(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  amountCents: integer("amount_cents").notNull(),
});

export const defaultAddons = sqliteTable(
  "default_addons",
  {
    ...listItemColumns(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    /** Issue #38: what the add-on costs the dealership (dealer-private); null: not entered. */
    costCents: integer("cost_cents"),
  },
  (t) => [index("default_addons_dealer").on(t.dealerId)],
);

export const defaultTaxes = sqliteTable(
  "default_taxes",
  {
    ...listItemColumns(),
    description: text("description").notNull(),
    rate: real("rate").notNull(),
    // Only this much of the taxable amount is taxed at this rate (Florida's county surtax); null: no cap.
    baseCapCents: integer("base_cap_cents"),
  },
  (t) => [index("default_taxes_dealer").on(t.dealerId)],
);

export const defaultDealerFees = sqliteTable(
  "default_dealer_fees",
  {
    ...feeColumns(),
  },
  (t) => [index("default_dealer_fees_dealer").on(t.dealerId)],
);

export const defaultGovernmentFees = sqliteTable(
  "default_government_fees",
  {
    ...feeColumns(),
  },
  (t) => [index("default_government_fees_dealer").on(t.dealerId)],
);

export const interestRateDefaults = sqliteTable(
  "interest_rate_defaults",
  {
    dealerId: dealerId(),
    tier: text("tier").notNull(),
    termMonths: integer("term_months").notNull(),
    rate: real("rate").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.tier, t.termMonths] })],
);

// Listing columns only: the deal itself lives in the quote's Yjs documents.
// Issue #37: the dealership's stock, typed in or imported from its DMS. Stock number and VIN are
// each unique within a dealership (a VIN only once known). `cost_cents` is dealer-private: owners
// and managers read it, nobody else, never a shopper. `status` follows the deals on the vehicle
// (server/inventory/stock-status.ts is the one place that changes it).
/**
 * Issue #51: the dealership's last inventory import, as it came out then (counts and skipped
 * rows as JSON), so the inventory page can show and download it until the next import replaces it.
 */
export const importReports = sqliteTable("import_reports", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  importedAt: integer("imported_at").notNull(),
  report: text("report").notNull(),
});

export const vehicles = sqliteTable(
  "vehicles",
  {
    id: text("id").primaryKey(),
    dealerId: dealerId(),
    stockNumber: text("stock_number").notNull(),
    vin: text("vin").notNull().default(""),
    vinNotChecked: integer("vin_not_checked", { mode: "boolean" }).notNull().default(false),
    year: integer("year").notNull(),
    make: text("make").notNull(),
    model: text("model").notNull(),
    trim: text("trim").notNull().default(""),
    color: text("color").notNull().default(""),
    mileage: integer("mileage").notNull().default(0),
    condition: text("condition", { enum: ["new", "used"] }).notNull(),
    msrpCents: integer("msrp_cents"),
    priceCents: integer("price_cents").notNull(),
    costCents: integer("cost_cents"),
    status: text("status", { enum: ["available", "pending", "sold"] })
      .notNull()
      .default("available"),
    photoUrl: text("photo_url").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("vehicles_dealer_stock_number").on(t.dealerId, t.stockNumber),
    uniqueIndex("vehicles_dealer_vin").on(t.dealerId, t.vin).where(sql`${t.vin} <> ''`),
    index("vehicles_dealer_status").on(t.dealerId, t.status),
  ],
);

export const quotes = sqliteTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    dealerId: dealerId(),
    // The member working the deal (reassignable); the desk log filters on it.
    salespersonId: text("salesperson_id")
      .notNull()
      .references(() => users.id),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    vehicleDescription: text("vehicle_description").notNull(),
    customerName: text("customer_name").notNull().default(""),
    // The deal's out-the-door price in cents for the desk log (null: not computed yet, or a
    // document that does not price); kept by creation, compaction and the start-up backfill.
    outTheDoorCents: integer("out_the_door_cents"),
    // Issue #19: set while the shopper's accepted version stands (no live edits from either side).
    lockedAt: integer("locked_at"),
    acceptedVersion: integer("accepted_version"),
    // Issue #33: bumped with every change of the deal's state outside its documents (acceptance,
    // unlock, counter-offer, renewal, reassignment, the team's roles); live writes are judged at it.
    stateSeq: integer("state_seq").notNull().default(0),
    // Issue #40: the desk log export's deal figures, kept with the out-the-door price (null: not
    // computed yet; the start-up backfill fills them): the stock number, the shopper's chosen
    // structure as the page words it ("Finance 60 mo, $2,000.00 down") and its monthly payment.
    stockNumber: text("stock_number"),
    selectedStructure: text("selected_structure"),
    monthlyCents: integer("monthly_cents"),
    // Issue #38: the deal's total gross in cents for the desk log's Gross column (dealer-private:
    // answered only to members who see gross; null: not known, e.g. no vehicle cost). Computed by
    // shared/deal/gross.ts from the deal and the private document's economics, kept with the
    // figures above at creation and at every compaction of either document's room.
    grossCents: integer("gross_cents"),
    // Issue #40: when the deal first reached each step of the funnel (null: not yet), written in
    // the transaction that stores the step's history row ("shared", "opened") or the first
    // accepted version, so that analytics reads one row per quote.
    sharedAt: integer("shared_at"),
    openedAt: integer("opened_at"),
    acceptedAt: integer("accepted_at"),
    // Issue #37: the stock vehicle the quote was made from (null: a vehicle typed by hand). Never
    // in the deal document: the shopper never learns the dealership's inventory.
    inventoryId: text("inventory_id").references(() => vehicles.id, { onDelete: "set null" }),
  },
  (t) => [
    index("quotes_dealer_created").on(t.dealerId, t.createdAt),
    index("quotes_inventory").on(t.inventoryId),
    // Issue #40: analytics and the export for one salesperson over a date range.
    index("quotes_dealer_salesperson_created").on(t.dealerId, t.salespersonId, t.createdAt),
    // Issue #40: the dealership's analytics over a range read this index alone (no table rows).
    index("quotes_dealer_created_steps").on(
      t.dealerId,
      t.createdAt,
      t.salespersonId,
      t.sharedAt,
      t.openedAt,
      t.acceptedAt,
      t.acceptedVersion,
    ),
  ],
);

// Compacted Yjs state of one document (`quote/<id>`, `quote/<id>/private` or `quote/<id>/economics`).
export const yjsDocuments = sqliteTable("yjs_documents", {
  docName: text("doc_name").primaryKey(),
  quoteId: text("quote_id")
    .notNull()
    .references(() => quotes.id, { onDelete: "cascade" }),
  state: blob("state", { mode: "buffer" }).notNull(),
  updatedAt: integer("updated_at").notNull(),
});

// Accepted updates appended since the last compaction, in arrival order.
export const yjsUpdates = sqliteTable(
  "yjs_updates",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    docName: text("doc_name").notNull(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    update: blob("update", { mode: "buffer" }).notNull(),
    createdAt: integer("created_at").notNull(),
    /**
     * How `update` is encoded: 1, the Yjs update (V1) as the client sent it, which is what this
     * server appends; 2, a V2 delta (rows appended before migration 0008).
     */
    format: integer("format").notNull().default(2),
  },
  (t) => [index("yjs_updates_doc").on(t.docName, t.seq)],
);

// Who wrote under each Yjs client id of a document (issue #10, docs/decisions/010-trust-model.md):
// "staff:<userId>" or "shopper:<device id>". An update bringing structs under an id owned by
// another principal is refused, so nobody can write in someone else's name.
export const liveClientIds = sqliteTable(
  "live_client_ids",
  {
    docName: text("doc_name").notNull(),
    clientId: integer("client_id").notNull(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    principal: text("principal").notNull(),
  },
  (t) => [primaryKey({ columns: [t.docName, t.clientId] })],
);

// Issue #47: when each shopper's device ("shopper:<device id>") first wrote to a quote, stored with
// that write. When a quote's shopper slots are full, a device ranks by it: one that wrote earlier
// takes the slot of the most recent newcomer (server/live/stages/shopper-slots.ts). 0: the device wrote
// before these were kept (recorded when its deal document next loaded).
export const liveFirstWrites = sqliteTable(
  "live_first_writes",
  {
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    principal: text("principal").notNull(),
    writtenAt: integer("written_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.principal] })],
);

// The deal's history: one row per accepted change of a top-level field.
export const quoteEvents = sqliteTable(
  "quote_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    role: text("role").notNull(),
    // Who made the change, as "Dana (manager)"; null for the shopper and for older rows.
    actorName: text("actor_name"),
    field: text("field").notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
  },
  (t) => [
    index("quote_events_quote").on(t.quoteId, t.id),
    // Issue #40: whether a share or an open of the quote is recent (one event per visit). Issue #52:
    // by id, not by time: the field's newest row (a live edit's history merge) is one seek, and a
    // merged edit's UPDATE of `at` and `new_value` moves no index entry.
    index("quote_events_quote_field").on(t.quoteId, t.field, t.id),
  ],
);

/**
 * A dealer's tax rules (DESKING.md §1.5; the rate lines are the dealer's taxes list), as the
 * quote schema's `taxRules` JSON in dollars. No row: the standard rules of spec §9, which is
 * what every taxes list priced before tax profiles existed.
 */
export const dealerTaxProfiles = sqliteTable("dealer_tax_profiles", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  rules: text("rules", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at").notNull(),
});

// Issue #18: the dealership's payment options for new quotes (cash-down rows, terms, structures
// shown, lease programme); quotes snapshot them at creation.
export const dealerPaymentOptions = sqliteTable("dealer_payment_options", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  structures: text("structures", { mode: "json" }).notNull(),
  leaseProgram: text("lease_program", { mode: "json" }),
  updatedAt: integer("updated_at").notNull(),
});

// Issue #38: the dealership's deal economics defaults (pack, participation, buy rates, buy money
// factors, "Salespeople see gross"), as one JSON object (shared/deal/economics.ts); new quotes snapshot them.
export const dealerEconomics = sqliteTable("dealer_economics", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  settings: text("settings", { mode: "json" }).notNull(),
  updatedAt: integer("updated_at").notNull(),
});

// Single-use invitations to join a dealership; only the SHA-256 of the token is stored.
export const invitations = sqliteTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: ["manager", "salesperson"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("invitation_token_hash_unique").on(t.tokenHash),
    index("invitations_dealership").on(t.dealershipId),
  ],
);

// The team audit: member and role changes and reassignments, with who and when (names kept as
// they were, so the entry survives the member's removal).
export const teamEvents = sqliteTable(
  "team_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    detail: text("detail").notNull(),
  },
  (t) => [index("team_events_dealership").on(t.dealershipId, t.id)],
);

// Issue #19: immutable snapshots of the shopper-visible deal (saved, accepted, counter-offer).
export const quoteVersions = sqliteTable(
  "quote_versions",
  {
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    kind: text("kind").notNull(),
    createdAt: integer("created_at").notNull(),
    actor: text("actor").notNull(),
    fingerprint: text("fingerprint").notNull(),
    snapshot: text("snapshot", { mode: "json" }).notNull(),
    // Issue #40: the chosen structure and figures of the snapshot, for analytics and the export
    // without parsing snapshots (older rows filled by the migration; null where not known).
    choiceStructure: text("choice_structure"),
    choiceMonths: integer("choice_months"),
    choiceDownCents: integer("choice_down_cents"),
    outTheDoorCents: integer("out_the_door_cents"),
    monthlyCents: integer("monthly_cents"),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.number] })],
);

// Issue #39: hand-off to the dealership's other systems. An endpoint is a webhook receiver (an
// https URL with its Standard Webhooks secret) or the CRM's lead address (ADF/XML by mail).
export const handoffEndpoints = sqliteTable(
  "handoff_endpoints",
  {
    id: text("id").primaryKey(),
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["webhook", "lead"] }).notNull(),
    // The receiver's URL, or the CRM's email address for a lead endpoint.
    url: text("url").notNull(),
    // The event types it receives, a JSON array of strings ('["quote.accepted"]').
    events: text("events").notNull(),
    includeGross: integer("include_gross", { mode: "boolean" }).notNull().default(false),
    // whsec_…: shown once, when the endpoint is created ("" for a lead address).
    secret: text("secret").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    // The first failed attempt since the last success; 3 days of failures disable the endpoint.
    failingSince: integer("failing_since"),
    disabledAt: integer("disabled_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("handoff_endpoints_dealership").on(t.dealershipId, t.kind)],
);

// The outbox: each event is stored in the transaction of the change that caused it, with one
// delivery per endpoint subscribed at that moment. No foreign key to the quote: a deletion's event
// outlives the quote.
export const handoffEvents = sqliteTable(
  "handoff_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // msg_…: the webhook-id header, the same on every attempt and on a resend.
    publicId: text("public_id").notNull(),
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    quoteId: text("quote_id"),
    createdAt: integer("created_at").notNull(),
    // The event's full data (JSON): each endpoint's copy leaves out what it may not receive.
    payload: text("payload").notNull(),
  },
  (t) => [uniqueIndex("handoff_events_public_id").on(t.publicId)],
);

export const handoffDeliveries = sqliteTable(
  "handoff_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => handoffEvents.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => handoffEndpoints.id, { onDelete: "cascade" }),
    // pending → delivered | failed (retries exhausted, or the endpoint was disabled).
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    // The process delivering it now, and until when (another process takes it after that).
    leaseOwner: text("lease_owner"),
    leaseUntil: integer("lease_until"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    // The head of each endpoint's queue: its oldest pending delivery.
    index("handoff_deliveries_queue").on(t.endpointId, t.status, t.id),
    index("handoff_deliveries_due").on(t.status, t.nextAttemptAt),
  ],
);

// The delivery log: one row per attempt.
export const handoffAttempts = sqliteTable(
  "handoff_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => handoffDeliveries.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => handoffEndpoints.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    attempt: integer("attempt").notNull(),
    // The HTTP status (or the SMTP reply code); null when no answer came (refused, timeout).
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    // The first 1 KiB of the answer, or why there was none.
    response: text("response").notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
  },
  (t) => [index("handoff_attempts_endpoint").on(t.endpointId, t.id)],
);

// Issue #47: every accepted payment request of a shopper, stored with its live update. Read by the
// cap (per quote and per device, live/payment-request-cap.ts) and by the CRM hand-off, which sends
// at most one lead per quote per window: a request stays held (no lead event yet) until then, and
// goes out with the others held with it (handoff/payment-request-leads.ts).
export const paymentRequests = sqliteTable(
  "payment_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    dealershipId: text("dealership_id").notNull(),
    // Who asked: "shopper:<device id>", or "ip:<address>" for a page that names no device.
    requester: text("requester").notNull(),
    at: integer("at").notNull(),
    // The request as it was sent (JSON: amount, structure, note, asked).
    request: text("request").notNull(),
    // The lead event that carried it to the CRM (its public id), and when; null while held.
    leadEventId: text("lead_event_id"),
    releasedAt: integer("released_at"),
  },
  (t) => [
    index("payment_requests_quote").on(t.quoteId, t.at),
    index("payment_requests_requester").on(t.requester, t.at),
    index("payment_requests_held").on(t.leadEventId, t.quoteId),
  ],
);
