import { randomBytes } from "node:crypto";
import { newQuoteData } from "@shared/new-quote";
import { computeBreakdown } from "@shared/pricing";
import { dealArray, dealDocName, privateDocName, writeFields } from "@shared/quote-doc";
import type { CreateQuoteBody } from "@shared/quote-schema";
import * as Y from "yjs";
import type { Db } from "../db/connection";
import { quotes } from "../db/schema";
import { createDocStore } from "../live/persistence";
import { dealerDefaultsSnapshot } from "./defaults-snapshot";

const DAY_MS = 24 * 60 * 60 * 1000;

/** 128 random bits, URL-safe: the plain link is the shopper's only key (docs/decisions/009). */
export const newQuoteId = () => randomBytes(16).toString("base64url");

/**
 * Creates the quote row and writes both documents' initial content, server-side and once, in one
 * transaction (clients never seed content: that is how line items get duplicated). The private
 * document starts empty: no customer info yet.
 */
export function createQuote(
  db: Db,
  member: { dealershipId: string; id: string },
  body: CreateQuoteBody,
  validityDays: number,
): string {
  const dealerId = member.dealershipId;
  const data = newQuoteData(body, dealerDefaultsSnapshot(db, dealerId));
  const deal = new Y.Doc({ guid: "new-quote" });
  writeFields(dealArray(deal), data as unknown as Record<string, unknown>);
  const dealState = Y.encodeStateAsUpdateV2(deal);
  const privateState = Y.encodeStateAsUpdateV2(new Y.Doc({ guid: "new-quote-private" }));
  deal.destroy();

  const id = newQuoteId();
  const now = Date.now();
  const store = createDocStore(db);
  db.transaction((tx) => {
    tx.insert(quotes)
      .values({
        id,
        dealerId,
        salespersonId: member.id,
        createdAt: now,
        expiresAt: now + validityDays * DAY_MS,
        updatedAt: now,
        vehicleDescription: data.vehicle.description,
        customerName: "",
        outTheDoorCents: computeBreakdown(data).outTheDoorPrice,
      })
      .run();
    store.insertDocument(dealDocName(id), id, dealState);
    store.insertDocument(privateDocName(id), id, privateState);
  });
  return id;
}
