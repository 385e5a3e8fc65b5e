import { dealArray, readDoc, writeField } from "@shared/quote-doc";
import * as Y from "yjs";
import { newQuoteData } from "../shared/new-quote";

// Encoded size of a quote document against its JSON size after `edits` edits by two clients
// alternating over several fields, each client applying the other's updates (as over the wire).

export function documentSizes(edits: number) {
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
      addOns: [{ id: "a1", name: "Tint", description: "Ceramic", price: 499 }],
      taxes: [{ id: "t1", description: "State tax", rate: 6.25 }],
      dealerFees: [{ id: "f1", name: "Doc fee", description: "", amount: 199 }],
      governmentFees: [{ id: "g1", name: "Title", description: "", amount: 75 }],
    },
  );
  writeField(dealArray(a), "vehicle", data.vehicle);
  for (const [field, value] of Object.entries(data)) writeField(dealArray(a), field, value);
  const tiers = ["excellent", "very-good", "good", "fair", "poor"];
  for (let i = 0; i < edits; i++) {
    const doc = i % 2 === 0 ? a : b;
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
