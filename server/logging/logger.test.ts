import { describe, expect, it } from "vitest";
import { newQuoteId } from "../quotes/create-quote";
import { createLogger, jsonRecord, redact } from "./logger";

const id = newQuoteId();

describe("log redaction", () => {
  it.each([
    [`GET /api/quotes/${id} 200 3.1ms`, `GET /api/quotes/${id.slice(0, 4)}… 200 3.1ms`],
    [
      `live: refused an update from a SHOPPER on quote/${id}: quote expired`,
      `live: refused an update from a SHOPPER on quote/${id.slice(0, 4)}…: quote expired`,
    ],
    [
      `live: storing an update of quote/${id}/private failed`,
      `live: storing an update of quote/${id.slice(0, 4)}…/private failed`,
    ],
    [
      "Open https://deals.example.test/reset-password?token=abcDEF123_-xyz now",
      "Open https://deals.example.test/reset-password?token=[redacted] now",
    ],
    ["Authorization: Bearer abc.def.ghi", "Authorization: Bearer [redacted]"],
    // Issue #35: the id's shape is known anywhere in a line, not only after "quote/".
    [
      `Acceptance email for quote ${id} failed: connect ECONNREFUSED`,
      `Acceptance email for quote ${id.slice(0, 4)}… failed: connect ECONNREFUSED`,
    ],
    [`{"quoteId":"${id}","event":"opened"}`, `{"quoteId":"${id.slice(0, 4)}…","event":"opened"}`],
    [`quote ${id}, ${id}.`, `quote ${id.slice(0, 4)}…, ${id.slice(0, 4)}….`],
    ["token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_nature end", "token [redacted] end"],
  ])("%s", (line, expected) => {
    expect(redact(line)).toBe(expected);
    expect(redact(line)).not.toContain(id);
  });

  it("leaves ordinary lines alone", () => {
    const line = "DealDesk listening on http://localhost:3000 (data in /srv/dealdesk-data-2024; mail: smtp)";
    expect(redact(line)).toBe(line);
  });
});

describe("LOG_FORMAT=json", () => {
  it("writes one JSON object per line: time, level, msg, and the request's parts as fields", () => {
    const out: string[] = [];
    const log = createLogger("json", (text) => out.push(text));
    log(`POST /api/quotes/${id}/renew 201 12.5ms`);
    log("live: checkpoint failed: disk I/O error");
    expect(out.every((text) => text.endsWith("\n") && text.split("\n").length === 2)).toBe(true);
    const [request, failure] = out.map((text) => JSON.parse(text));
    expect(request).toMatchObject({
      level: "info",
      msg: `POST /api/quotes/${id.slice(0, 4)}…/renew 201 12.5ms`,
      method: "POST",
      path: `/api/quotes/${id.slice(0, 4)}…/renew`,
      status: 201,
      ms: 12.5,
    });
    expect(Number.isNaN(Date.parse(request.time))).toBe(false);
    expect(failure).toMatchObject({ level: "error", msg: "live: checkpoint failed: disk I/O error" });
    expect(out.join("")).not.toContain(id);
  });

  it("marks 5xx answers as errors", () => {
    expect(JSON.parse(jsonRecord("GET /api/health 503 1.0ms")).level).toBe("error");
  });

  it("plain lines are redacted too", () => {
    const out: string[] = [];
    createLogger("plain", (text) => out.push(text))(`GET /quote/${id} 200 1.0ms`);
    expect(out).toEqual([`GET /quote/${id.slice(0, 4)}… 200 1.0ms\n`]);
  });
});
