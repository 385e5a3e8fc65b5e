import { dealArray, readDoc, writeField } from "@shared/live/quote-doc";
import * as Y from "yjs";
import { newQuoteData } from "../shared/deal/new-quote";

// Encoded size of a quote document against its JSON size after `edits` edits by two clients
// alternating over several fields, each client applying the other's updates (as over the wire).

/** `writers`: 2 = two clients alternating (each edit by the other), 1 = one client. `items`: line items per list. */
export function documentSizes(edits: number, writers: 1 | 2 = 2, items = 1) {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.on("update", (u: Uint8Array, origin: unknown) => origin !== "peer" && Y.applyUpdate(b, u, "peer"));
  b.on("update", (u: Uint8Array, origin: unknown) => origin !== "peer" && Y.applyUpdate(a, u, "peer"));
  const data = newQuoteData(
    {
      vehicle: {
        description: "2021 Honda Civic EX",
        color: "Blue",
        mileage: 12000,
        stockNumber: "A1",
        advertisedUrl: "",
      },
      pricing: { advertisedPrice: 25000, discount: 500 },
    },
    {
      addOns: Array.from({ length: items }, (_, i) => ({
        id: `a${i}`,
        name: `Add-on ${i}`,
        description: "Dealer installed",
        price: 499,
      })),
      taxes: Array.from({ length: items }, (_, i) => ({ id: `t${i}`, description: `Tax ${i}`, rate: 1.25 })),
      dealerFees: Array.from({ length: items }, (_, i) => ({
        id: `f${i}`,
        name: `Fee ${i}`,
        description: "",
        amount: 199,
      })),
      governmentFees: Array.from({ length: items }, (_, i) => ({
        id: `g${i}`,
        name: `Gov ${i}`,
        description: "",
        amount: 75,
      })),
    },
  );
  writeField(dealArray(a), "vehicle", data.vehicle);
  for (const [field, value] of Object.entries(data)) writeField(dealArray(a), field, value);
  const tiers = ["excellent", "very-good", "good", "fair", "poor"];
  for (let i = 0; i < edits; i++) {
    const doc = writers === 2 && i % 2 === 1 ? b : a;
    const deal = dealArray(doc);
    const current = readDoc(deal) as { pricing: object; tradeIn: { vehicle: object } };
    switch (i % 5) {
      case 0:
        writeField(deal, "pricing", { ...current.pricing, discount: i % 5000 });
        break;
      case 1:
        writeField(deal, "downPayment", -(i % 9000));
        break;
      case 2:
        writeField(deal, "selectedCreditTier", tiers[i % tiers.length]);
        break;
      case 3:
        writeField(deal, "tradeIn", {
          ...current.tradeIn,
          vehicle: { ...current.tradeIn.vehicle, mileage: i },
        });
        break;
      default:
        writeField(deal, "amountOwedOnTradeIn", i % 7000);
    }
  }
  const json = JSON.stringify(readDoc(dealArray(a))).length;
  const v2 = Y.encodeStateAsUpdateV2(a).length;
  const v1 = Y.encodeStateAsUpdate(a).length;
  a.destroy();
  b.destroy();
  return { json, v1, v2 };
}
