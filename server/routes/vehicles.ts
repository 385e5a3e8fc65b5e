import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { type DecodedVehicle, shopperDecodedVehicle, vinDecodeRefusal } from "@shared/inventory/vin-decode";
import { normalizeVin } from "@shared/schemas/schema-fields";
import { CORE_MSG } from "@shared/text/page-text";
import { Hono } from "hono";
import type { AppDeps } from "../app-deps";
import type { AppEnv } from "../app-env";
import { ApiError, badRequest, notFound } from "../errors";
import { requireUser } from "../http/auth-middleware";
import { clientIp } from "../http/client-ip";
import { createRequestRateLimiter, enforceRateLimit } from "../http/request-rate-limit";
import { findQuote } from "../policies/quote-access";
import { type VinDecoder, VinDecodingUnavailable } from "../vehicles/vin-decoder";

// Issue #50 (docs/api.md "VIN decoding"): a VIN to the vehicle, offline from NHTSA's vPIC data.
//   GET /api/vehicles/decode?vin=          members, per member rate limit: the whole decode
//   GET /api/quotes/:id/decode-vin?vin=    anyone with the quote's link (the shopper's trade-in),
//                                          per quote and per address: year, make, model, trim, description
// A VIN of the wrong shape or check digit is 400, one vPIC does not know 404, and both count
// against the limits like any other request.

/** A VIN longer than this is not one, whatever its spaces and dashes. */
const MAX_RAW_VIN = 40;

async function decodeOrRefuse(decoder: VinDecoder, raw: string | undefined): Promise<DecodedVehicle> {
  const vin = raw && raw.length <= MAX_RAW_VIN ? normalizeVin(raw) : "";
  const refusal = vinDecodeRefusal(vin);
  if (refusal) throw badRequest(refusal, [{ field: "vin", message: refusal }]);
  let vehicle: DecodedVehicle | null;
  try {
    vehicle = await decoder.decode(vin);
  } catch (error) {
    if (error instanceof VinDecodingUnavailable) throw new ApiError(503, INVENTORY_MSG.vinDecodeUnavailable);
    throw error;
  }
  if (!vehicle) throw notFound(INVENTORY_MSG.vinNotFound);
  return vehicle;
}

export function vehicleRoutes(deps: AppDeps): Hono<AppEnv> {
  const { config, tokens, vinDecoder } = deps;
  const perMember = createRequestRateLimiter(config.vinDecoding.perMemberPerMinute);
  const routes = new Hono<AppEnv>();

  routes.get("/decode", requireUser(tokens), async (c) => {
    enforceRateLimit(c, perMember, c.var.user.id);
    return c.json(await decodeOrRefuse(vinDecoder, c.req.query("vin")));
  });

  return routes;
}

export function quoteVinRoutes(deps: AppDeps): Hono<AppEnv> {
  const { config, stores, vinDecoder } = deps;
  const perQuote = createRequestRateLimiter(config.vinDecoding.perQuotePerMinute);
  const perAddress = createRequestRateLimiter(config.vinDecoding.perIpPerMinute);
  const routes = new Hono<AppEnv>();

  routes.get("/:id/decode-vin", async (c) => {
    // The address first: guessing quote ids is a flood too.
    enforceRateLimit(c, perAddress, clientIp(c, config.trustProxy));
    const quote = await findQuote(stores.quotes, c.req.param("id"));
    if (!quote) throw notFound(CORE_MSG.quoteNotFound);
    enforceRateLimit(c, perQuote, quote.id);
    return c.json(shopperDecodedVehicle(await decodeOrRefuse(vinDecoder, c.req.query("vin"))));
  });

  return routes;
}
