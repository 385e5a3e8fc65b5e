import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

// The PostgreSQL twin of schema.ts (same tables, columns and names; migrations in drizzle-pg/,
// design in ../shared/design/SCALE.md §3). Type mapping: ms timestamps are bigint (int4 overflows
// at 2^31 ms), rates double precision, blobs bytea. schema-parity.test.ts compares the two.

/** drizzle-orm 0.45 has no bytea in pg-core; node-postgres hands bytea over as a Buffer. */
const bytes = customType<{ data: Uint8Array; driverData: Buffer }>({
  dataType: () => "bytea",
  toDriver: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
});
const ms = (name: string) => bigint(name, { mode: "number" });

// A dealership owns the profile, the defaults and the quotes; its people are the users rows
// pointing at it. A dealership migrated from a single-account install has its owner's user id.
export const dealerships = pgTable("dealerships", {
  id: text("id").primaryKey(),
  dealershipName: text("dealership_name").notNull().default(""),
  streetAddress: text("street_address").notNull().default(""),
  city: text("city").notNull().default(""),
  state: text("state").notNull().default(""),
  zipCode: text("zip_code").notNull().default(""),
  phoneNumber: text("phone_number").notNull().default(""),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
  // The owner's first-run checklist (issue #14): when a step was marked done, when it was dismissed.
  checklistTaxesAt: ms("checklist_taxes_at"),
  checklistSharedAt: ms("checklist_shared_at"),
  checklistDismissedAt: ms("checklist_dismissed_at"),
});

export const users = pgTable(
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
    tokensValidAfter: ms("tokens_valid_after").notNull(),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: ms("expires_at").notNull(),
    usedAt: ms("used_at"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [uniqueIndex("reset_token_hash_unique").on(t.tokenHash), index("reset_token_user").on(t.userId)],
);

const dealerId = () =>
  text("dealer_id")
    .notNull()
    .references(() => dealerships.id, { onDelete: "cascade" });

const listItemColumns = () => ({
  id: text("id").primaryKey(),
  dealerId: dealerId(),
  createdAt: ms("created_at").notNull(),
  updatedAt: ms("updated_at").notNull(),
  deletedAt: ms("deleted_at"),
  // SQLite breaks ties in creation time by rowid; PostgreSQL has no rowid, so insertion order is
  // kept by this identity column.
  ord: bigint("ord", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
});

const feeColumns = () => ({
  ...listItemColumns(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  amountCents: integer("amount_cents").notNull(),
});

export const defaultAddons = pgTable(
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

export const defaultTaxes = pgTable(
  "default_taxes",
  {
    ...listItemColumns(),
    description: text("description").notNull(),
    rate: doublePrecision("rate").notNull(),
    baseCapCents: integer("base_cap_cents"),
  },
  (t) => [index("default_taxes_dealer").on(t.dealerId)],
);

export const defaultDealerFees = pgTable("default_dealer_fees", { ...feeColumns() }, (t) => [
  index("default_dealer_fees_dealer").on(t.dealerId),
]);

export const defaultGovernmentFees = pgTable("default_government_fees", { ...feeColumns() }, (t) => [
  index("default_government_fees_dealer").on(t.dealerId),
]);

export const interestRateDefaults = pgTable(
  "interest_rate_defaults",
  {
    dealerId: dealerId(),
    tier: text("tier").notNull(),
    termMonths: integer("term_months").notNull(),
    rate: doublePrecision("rate").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.tier, t.termMonths] })],
);

// Issue #37: the dealership's stock, typed in or imported from its DMS. Stock number and VIN are
// each unique within a dealership (a VIN only once known). `cost_cents` is dealer-private: owners
// and managers read it, nobody else, never a shopper. `status` follows the deals on the vehicle
// (server/inventory/stock-status.ts is the one place that changes it).
/** Issue #51: the dealership's last inventory import (see schema.ts). */
export const importReports = pgTable("import_reports", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  importedAt: ms("imported_at").notNull(),
  report: text("report").notNull(),
});

export const vehicles = pgTable(
  "vehicles",
  {
    id: text("id").primaryKey(),
    dealerId: dealerId(),
    stockNumber: text("stock_number").notNull(),
    vin: text("vin").notNull().default(""),
    vinNotChecked: boolean("vin_not_checked").notNull().default(false),
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
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("vehicles_dealer_stock_number").on(t.dealerId, t.stockNumber),
    uniqueIndex("vehicles_dealer_vin").on(t.dealerId, t.vin).where(sql`${t.vin} <> ''`),
    index("vehicles_dealer_status").on(t.dealerId, t.status),
  ],
);

export const quotes = pgTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    dealerId: dealerId(),
    // The member working the deal (reassignable); the desk log filters on it.
    salespersonId: text("salesperson_id")
      .notNull()
      .references(() => users.id),
    createdAt: ms("created_at").notNull(),
    expiresAt: ms("expires_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
    vehicleDescription: text("vehicle_description").notNull(),
    customerName: text("customer_name").notNull().default(""),
    // The deal's out-the-door price in cents for the desk log (null: not computed yet, or a
    // document that does not price); kept by creation, compaction and the start-up backfill.
    outTheDoorCents: integer("out_the_door_cents"),
    lockedAt: bigint("locked_at", { mode: "number" }),
    acceptedVersion: integer("accepted_version"),
    // Issue #33: bumped with every change of the deal's state outside its documents (acceptance,
    // unlock, counter-offer, renewal, reassignment, the team's roles); appends check it.
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
    sharedAt: ms("shared_at"),
    openedAt: ms("opened_at"),
    acceptedAt: ms("accepted_at"),
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

// One document's ordered log: `head_seq` is the seq of its last appended update (the
// compare-and-set of every append), `snapshot_seq` the last seq folded into `state`.
export const yjsDocuments = pgTable("yjs_documents", {
  docName: text("doc_name").primaryKey(),
  quoteId: text("quote_id")
    .notNull()
    .references(() => quotes.id, { onDelete: "cascade" }),
  state: bytes("state").notNull(),
  headSeq: bigint("head_seq", { mode: "number" }).notNull().default(0),
  snapshotSeq: bigint("snapshot_seq", { mode: "number" }).notNull().default(0),
  updatedAt: ms("updated_at").notNull(),
});

// Updates appended since the last compaction; seq is dense per document (1, 2, 3, ...).
export const yjsUpdates = pgTable(
  "yjs_updates",
  {
    docName: text("doc_name").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    update: bytes("update").notNull(),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.docName, t.seq] }),
    foreignKey({ columns: [t.docName], foreignColumns: [yjsDocuments.docName] }).onDelete("cascade"),
  ],
);

// Who wrote under each Yjs client id of a document (schema.ts).
export const liveClientIds = pgTable(
  "live_client_ids",
  {
    docName: text("doc_name").notNull(),
    clientId: bigint("client_id", { mode: "number" }).notNull(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    principal: text("principal").notNull(),
  },
  (t) => [primaryKey({ columns: [t.docName, t.clientId] })],
);

// When each shopper's device first wrote to a quote (schema.ts).
export const liveFirstWrites = pgTable(
  "live_first_writes",
  {
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    principal: text("principal").notNull(),
    writtenAt: ms("written_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.principal] })],
);

export const quoteEvents = pgTable(
  "quote_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    at: ms("at").notNull(),
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

// PostgreSQL only: what one process keeps in memory or in DATA_DIR when it runs alone.

/** Secrets every process must share, e.g. the generated JWT secret (name "jwt"). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
});

/** Failed logins and reset mails, counted across processes (key = what is limited). */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    key: text("key").notNull(),
    at: ms("at").notNull(),
  },
  (t) => [index("auth_attempts_key_at").on(t.key, t.at)],
);

/** Shoppers on a quote page, for the dashboard's live status across processes. */
export const quoteVisits = pgTable("quote_visits", {
  quoteId: text("quote_id")
    .primaryKey()
    .references(() => quotes.id, { onDelete: "cascade" }),
  visitStartedAt: ms("visit_started_at").notNull(),
  lastSeenAt: ms("last_seen_at").notNull(),
  lookingUntil: ms("looking_until").notNull(),
});

export const dealerTaxProfiles = pgTable("dealer_tax_profiles", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  rules: jsonb("rules").notNull(),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

// Issue #18: the dealership's payment options for new quotes; quotes snapshot them at creation.
export const dealerPaymentOptions = pgTable("dealer_payment_options", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  structures: jsonb("structures").notNull(),
  leaseProgram: jsonb("lease_program"),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

// Issue #38: the dealership's deal economics defaults (pack, participation, buy rates, buy money
// factors, "Salespeople see gross"), as one JSON object (shared/deal/economics.ts); new quotes snapshot them.
export const dealerEconomics = pgTable("dealer_economics", {
  dealerId: text("dealer_id")
    .primaryKey()
    .references(() => dealerships.id, { onDelete: "cascade" }),
  settings: jsonb("settings").notNull(),
  updatedAt: bigint("updated_at", { mode: "number" }).notNull(),
});

// Single-use invitations to join a dealership; only the SHA-256 of the token is stored.
export const invitations = pgTable(
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
    expiresAt: ms("expires_at").notNull(),
    usedAt: ms("used_at"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("invitation_token_hash_unique").on(t.tokenHash),
    index("invitations_dealership").on(t.dealershipId),
  ],
);

// The team audit: member and role changes and reassignments, with who and when (names kept as
// they were, so the entry survives the member's removal).
export const teamEvents = pgTable(
  "team_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    at: ms("at").notNull(),
    actorId: text("actor_id").notNull(),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    detail: text("detail").notNull(),
  },
  (t) => [index("team_events_dealership").on(t.dealershipId, t.id)],
);

// Issue #19: immutable snapshots of the shopper-visible deal (saved, accepted, counter-offer).
export const quoteVersions = pgTable(
  "quote_versions",
  {
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    kind: text("kind").notNull(),
    createdAt: bigint("created_at", { mode: "number" }).notNull(),
    actor: text("actor").notNull(),
    fingerprint: text("fingerprint").notNull(),
    snapshot: jsonb("snapshot").notNull(),
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

// Issue #39: hand-off to the dealership's other systems (comments in schema.ts).
export const handoffEndpoints = pgTable(
  "handoff_endpoints",
  {
    id: text("id").primaryKey(),
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["webhook", "lead"] }).notNull(),
    url: text("url").notNull(),
    events: text("events").notNull(),
    includeGross: boolean("include_gross").notNull().default(false),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    failingSince: ms("failing_since"),
    disabledAt: ms("disabled_at"),
    createdAt: ms("created_at").notNull(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [index("handoff_endpoints_dealership").on(t.dealershipId, t.kind)],
);

export const handoffEvents = pgTable(
  "handoff_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    publicId: text("public_id").notNull(),
    dealershipId: text("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    quoteId: text("quote_id"),
    createdAt: ms("created_at").notNull(),
    payload: text("payload").notNull(),
  },
  (t) => [uniqueIndex("handoff_events_public_id").on(t.publicId)],
);

export const handoffDeliveries = pgTable(
  "handoff_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => handoffEvents.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => handoffEndpoints.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at").notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: ms("lease_until"),
    createdAt: ms("created_at").notNull(),
  },
  (t) => [
    index("handoff_deliveries_queue").on(t.endpointId, t.status, t.id),
    index("handoff_deliveries_due").on(t.status, t.nextAttemptAt),
  ],
);

export const handoffAttempts = pgTable(
  "handoff_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => handoffDeliveries.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => handoffEndpoints.id, { onDelete: "cascade" }),
    at: ms("at").notNull(),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    response: text("response").notNull(),
    ok: boolean("ok").notNull(),
  },
  (t) => [index("handoff_attempts_endpoint").on(t.endpointId, t.id)],
);

export const paymentRequests = pgTable(
  "payment_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    dealershipId: text("dealership_id").notNull(),
    requester: text("requester").notNull(),
    at: ms("at").notNull(),
    request: text("request").notNull(),
    leadEventId: text("lead_event_id"),
    releasedAt: ms("released_at"),
  },
  (t) => [
    index("payment_requests_quote").on(t.quoteId, t.at),
    index("payment_requests_requester").on(t.requester, t.at),
    index("payment_requests_held").on(t.leadEventId, t.quoteId),
  ],
);
