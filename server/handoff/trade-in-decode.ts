import { type DecodedVehicle, vinDecodeRefusal } from "@shared/inventory/vin-decode";
import { normalizeVin } from "@shared/schemas/schema-fields";
import type { QuoteEventData } from "../quotes/event-data";
import type { VinDecoder } from "../vehicles/vin-decoder";

// Issue #50: an ADF lead's trade-in names its <year>, <make> and <model> from the VIN's decode
// when the shopper's description does not say them ("my old truck", "Focus"); a description that
// does ("2015 Ford Focus SE") is the lead's model as before. Decoded when the lead is sent: the
// vPIC data is static, so the decode then is the decode at acceptance.

type TradeIn = NonNullable<QuoteEventData["quote"]["tradeIn"]>;

/** "2015 Ford Focus SE": a model year, then at least a make and a model. */
const SAYS_THE_CAR = /^\s*(19|20)\d{2}\s+\S+\s+\S+/;

export type DecodedTradeIn = Pick<DecodedVehicle, "year" | "make" | "model" | "trim">;

export async function decodeTradeIn(
  decoder: VinDecoder,
  trade: TradeIn | null,
): Promise<DecodedTradeIn | undefined> {
  if (!trade?.vin || SAYS_THE_CAR.test(trade.description)) return undefined;
  const vin = normalizeVin(trade.vin);
  if (vinDecodeRefusal(vin) !== null) return undefined;
  try {
    const decoded = await decoder.decode(vin);
    return decoded
      ? { year: decoded.year, make: decoded.make, model: decoded.model, trim: decoded.trim }
      : undefined;
  } catch {
    // No decoder (its database failed to open): the lead goes out with the description alone.
    return undefined;
  }
}
