import { newQuoteData } from "@shared/deal/new-quote";
import { dealArray, writeFields } from "@shared/live/quote-doc";
import * as Y from "yjs";

/**
 * A quote's deal document as the server creates it (a vehicle, a price, one of each line), for
 * the guard's benchmark and tests that judge updates without a server.
 */
export function sampleQuoteDoc(): Y.Doc {
  const doc = new Y.Doc();
  const data = newQuoteData(
    {
      vehicle: {
        description: "2024 Honda Accord EX-L",
        color: "Blue",
        mileage: 12,
        stockNumber: "A1",
        advertisedUrl: "",
      },
      pricing: { advertisedPrice: 25_000, discount: 500 },
    },
    {
      addOns: [{ id: "a1", name: "Floor mats", description: "", price: 199 }],
      taxes: [{ id: "t1", description: "State tax", rate: 6.25 }],
      dealerFees: [{ id: "f1", name: "Doc fee", description: "", amount: 499 }],
      governmentFees: [{ id: "g1", name: "Title", description: "", amount: 75 }],
    },
  );
  writeFields(dealArray(doc), data as unknown as Record<string, unknown>);
  return doc;
}
