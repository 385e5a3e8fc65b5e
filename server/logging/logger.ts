// The server's log lines, plain (the default) or one JSON object per line (LOG_FORMAT=json). Both
// pass through redact(): a quote id is the shopper's only key and a token is a password, so neither
// may sit in logs, which outlive both and travel to log services.

type LogFormat = "plain" | "json";
export type Log = (line: string) => void;

const QUOTE_ID = /\b(quotes?\/)([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{12,}/g;
// The shape of a quote id (server/quotes/create-quote.ts: 16 random bytes in base64url, 22
// characters, the last one of A, Q, g, w) standing on its own anywhere in a line: "quote EiJJ5…",
// a JSON field, a mail subject.
const BARE_QUOTE_ID = /(?<![A-Za-z0-9_-])([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{17}[AQgw](?![A-Za-z0-9_-])/g;
const TOKEN_PARAM = /([?&](?:token|access_token)=)[^&\s"']+/gi;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** Masks quote ids (keeping 4 characters to tell quotes apart), token parameters, bearer tokens and JWTs. */
export function redact(line: string): string {
  return line
    .replace(QUOTE_ID, "$1$2…")
    .replace(TOKEN_PARAM, "$1[redacted]")
    .replace(BEARER, "$1[redacted]")
    .replace(JWT, "[redacted]")
    .replace(BARE_QUOTE_ID, "$1…");
}

const REQUEST_LINE = /^([A-Z]+) (\S+) (\d{3}) ([\d.]+)ms$/;
const ERROR_LINE = /\b(error|failed|unavailable)\b/i;

/** A JSON record in pino's shape (time, level, msg), with the request log's parts as fields. */
export function jsonRecord(line: string, now = Date.now()): string {
  const msg = redact(line);
  const request = REQUEST_LINE.exec(msg);
  const fields = request
    ? { method: request[1], path: request[2], status: Number(request[3]), ms: Number(request[4]) }
    : {};
  const level = (request ? Number(request[3]) >= 500 : ERROR_LINE.test(msg)) ? "error" : "info";
  return JSON.stringify({ time: new Date(now).toISOString(), level, msg, ...fields });
}

export function createLogger(
  format: LogFormat,
  write: (text: string) => void = (t) => process.stdout.write(t),
): Log {
  return format === "json" ? (line) => write(`${jsonRecord(line)}\n`) : (line) => write(`${redact(line)}\n`);
}
