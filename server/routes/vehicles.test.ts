import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { MSG } from "@shared/text/messages";
import { afterEach, describe, expect, it } from "vitest";
import type { Config } from "../config";
import { createDealer } from "../test-support/fixtures";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { TEST_VIN_DATABASE_DIR } from "../test-support/vin-database-dir";

// Issue #50: both decode endpoints on the real app, over the real vPIC database corgi ships.
// The VINs are the library's own examples (README: KM8K2CAB4PU001140, examples:
// 1HGCM82633A004352) and real model prefixes of other makers with their check digit computed;
// vPIC's public decodes of them are the expected values.

let t: TestApp | undefined;
afterEach(async () => {
  await t?.cleanup();
  t = undefined;
});

const DECODE_TIMEOUT = 60_000; // the first test of a run may unpack the database (seconds)

async function app(vinDecoding: Partial<Config["vinDecoding"]> = {}) {
  const defaults = { perMemberPerMinute: 60, perQuotePerMinute: 10, perIpPerMinute: 30 };
  t = createTestApp({ vinDecoding: { databaseDir: TEST_VIN_DATABASE_DIR, ...defaults, ...vinDecoding } });
  const dealer = await createDealer(t);
  return { t, token: dealer.token };
}

async function json(res: Response) {
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function newQuote(app: TestApp, token: string): Promise<string> {
  const res = await app.call(
    "POST",
    "/api/quotes",
    { vehicle: { description: "2024 Honda Accord", mileage: 12 }, pricing: { advertisedPrice: 30000 } },
    token,
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("GET /api/vehicles/decode", () => {
  it(
    "decodes public VINs of several makers and years to the vehicle and its description",
    async () => {
      const { t, token } = await app();
      const decode = async (vin: string) =>
        json(await t.call("GET", `/api/vehicles/decode?vin=${vin}`, undefined, token));
      expect(await decode("KM8K2CAB4PU001140")).toEqual({
        status: 200,
        body: {
          vin: "KM8K2CAB4PU001140",
          year: 2023,
          make: "Hyundai",
          model: "Kona",
          trim: "SE",
          bodyClass: "SUV",
          description: "2023 Hyundai Kona SE",
        },
      });
      expect(await decode("1HGCM82633A004352")).toEqual({
        status: 200,
        body: {
          vin: "1HGCM82633A004352",
          year: 2003,
          make: "Honda",
          model: "Accord",
          trim: "EX-V6",
          bodyClass: "Coupe",
          description: "2003 Honda Accord EX-V6",
        },
      });
      // Spaces, dashes and lower case are what people type; the answer carries the VIN as read.
      expect((await decode("2t3w1rfv9-mw000000")).body).toMatchObject({
        vin: "2T3W1RFV9MW000000",
        year: 2021,
        make: "Toyota",
        model: "RAV4",
        trim: "XLE",
        series: "AXAA52L / AXAA54L / AXAH54L / AXAL54L",
        description: "2021 Toyota RAV4 XLE",
      });
      for (const [vin, description] of [
        ["5YJ3E1EA2KF317000", "2019 Tesla Model 3"],
        ["1FTFW1ET9DFC10312", "2013 Ford F-150"],
        ["WBA3A5C57CF256651", "2012 BMW 328i"],
        ["1G1ZD5STXJF000000", "2018 Chevrolet Malibu LT (1LT)"],
      ] as const) {
        const res = await decode(vin);
        expect(res.status, vin).toBe(200);
        expect(res.body.description, vin).toBe(description);
      }
    },
    DECODE_TIMEOUT,
  );

  it(
    "refuses a wrong check digit and a malformed VIN with 400, and answers 404 for a VIN vPIC does not know",
    async () => {
      const { t, token } = await app();
      const decode = async (vin: string) =>
        json(await t.call("GET", `/api/vehicles/decode?vin=${encodeURIComponent(vin)}`, undefined, token));
      // corgi's README example with its serial changed: position 9 no longer matches.
      expect(await decode("1HGCM82633A123456")).toEqual({
        status: 400,
        body: {
          message: "VIN check digit does not match",
          errors: [{ field: "vin", message: "VIN check digit does not match" }],
        },
      });
      for (const vin of ["", "1HGCM82633A00435", "1HGCM82633A0043521", "1HGCM82633AOO4352"])
        expect((await decode(vin)).body.message, vin).toBe(MSG.vinInvalid);
      expect((await json(await t.call("GET", "/api/vehicles/decode", undefined, token))).status).toBe(400);
      // A well-formed VIN with a valid check digit under no maker's code.
      expect(await decode("9ZZZZ1232ZA000001")).toEqual({
        status: 404,
        body: { message: "No vehicle found for this VIN" },
      });
    },
    DECODE_TIMEOUT,
  );

  it(
    "is for members only and limits each member to VIN_DECODES_PER_MEMBER_PER_MINUTE",
    async () => {
      const { t, token } = await app({ perMemberPerMinute: 3 });
      const other = await createDealer(t);
      expect((await t.call("GET", "/api/vehicles/decode?vin=KM8K2CAB4PU001140")).status).toBe(401);
      const statuses: number[] = [];
      // Refused and unknown VINs count like any other request.
      for (const vin of ["KM8K2CAB4PU001140", "1HGCM82633A123456", "9ZZZZ1232ZA000001", "KM8K2CAB4PU001140"])
        statuses.push((await t.call("GET", `/api/vehicles/decode?vin=${vin}`, undefined, token)).status);
      expect(statuses).toEqual([200, 400, 404, 429]);
      const limited = await t.call("GET", "/api/vehicles/decode?vin=KM8K2CAB4PU001140", undefined, token);
      expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
      expect(await limited.json()).toEqual({ message: MSG.tooManyRequests });
      // Another member has a limit of their own.
      expect(
        (await t.call("GET", "/api/vehicles/decode?vin=KM8K2CAB4PU001140", undefined, other.token)).status,
      ).toBe(200);
    },
    DECODE_TIMEOUT,
  );
});

describe("GET /api/quotes/:id/decode-vin", () => {
  it(
    "answers the shopper holding the quote with the year, make, model, trim and description only",
    async () => {
      const { t, token } = await app();
      const quoteId = await newQuote(t, token);
      expect(
        await json(await t.call("GET", `/api/quotes/${quoteId}/decode-vin?vin=2T3W1RFV9MW000000`)),
      ).toEqual({
        status: 200,
        body: { year: 2021, make: "Toyota", model: "RAV4", trim: "XLE", description: "2021 Toyota RAV4 XLE" },
      });
      expect(
        await json(await t.call("GET", `/api/quotes/${quoteId}/decode-vin?vin=5YJ3E1EA2KF317000`)),
      ).toEqual({
        status: 200,
        body: { year: 2019, make: "Tesla", model: "Model 3", description: "2019 Tesla Model 3" },
      });
      expect(
        await json(await t.call("GET", `/api/quotes/${quoteId}/decode-vin?vin=1HGCM82633A123456`)),
      ).toEqual({
        status: 400,
        body: {
          message: INVENTORY_MSG.vinDecodeCheckDigit,
          errors: [{ field: "vin", message: INVENTORY_MSG.vinDecodeCheckDigit }],
        },
      });
      expect(
        await json(await t.call("GET", `/api/quotes/${quoteId}/decode-vin?vin=9ZZZZ1232ZA000001`)),
      ).toEqual({
        status: 404,
        body: { message: INVENTORY_MSG.vinNotFound },
      });
      expect(
        await json(
          await t.call("GET", "/api/quotes/AAAAAAAAAAAAAAAAAAAAAA/decode-vin?vin=2T3W1RFV9MW000000"),
        ),
      ).toEqual({ status: 404, body: { message: "Quote not found" } });
    },
    DECODE_TIMEOUT,
  );

  it(
    "limits the decodes per quote and per address",
    async () => {
      const { t, token } = await app({ perQuotePerMinute: 2, perIpPerMinute: 5 });
      const first = await newQuote(t, token);
      const second = await newQuote(t, token);
      const decode = async (quoteId: string) =>
        (await t.call("GET", `/api/quotes/${quoteId}/decode-vin?vin=KM8K2CAB4PU001140`)).status;
      expect([await decode(first), await decode(first), await decode(first)]).toEqual([200, 200, 429]);
      // The second quote has a count of its own; the caller's address has now made 5 requests.
      expect([await decode(second), await decode(second)]).toEqual([200, 200]);
      const third = await newQuote(t, token);
      expect(await decode(third)).toBe(429);
      const limited = await t.call("GET", `/api/quotes/${third}/decode-vin?vin=KM8K2CAB4PU001140`);
      expect(await limited.json()).toEqual({ message: MSG.tooManyRequests });
    },
    DECODE_TIMEOUT,
  );
});
