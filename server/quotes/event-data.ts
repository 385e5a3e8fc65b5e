import { randomBytes } from "node:crypto";
import type { QuoteDealership } from "@shared/core/api-types";
import { centsToDollars } from "@shared/core/money";
import { type DealEconomics, dealGross, type GrossInDollars, grossInDollars } from "@shared/deal/gross";
import type { Breakdown } from "@shared/deal/pricing";
import { selectedStructure } from "@shared/deal/selected-structure";
import type { CustomerInfo, QuoteData, ShopperChoice } from "@shared/schemas/quote-schema";
import type { HandoffEventRecord } from "../db/repositories/handoff";

// Issue #39: what an event says about a quote (README "Webhooks", payload). Amounts are US
// dollars as JSON numbers with at most two decimals, as in the rest of the API. Built once, when
// the event is stored; each endpoint's copy leaves out what it may not receive (forEndpoint).

type EventVehicle = {
  description: string;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  stockNumber: string | null;
  mileage: number;
  color: string | null;
  condition: "new" | "used";
  msrp: number | null;
  advertisedPrice: number;
};

type EventStructure =
  | { kind: "cash"; text: string; price: number; downPayment: number }
  | {
      kind: "finance";
      text: string;
      price: number;
      months: number;
      creditTier: string;
      aprPercent: number;
      monthlyPayment: number;
      downPayment: number;
      amountFinanced: number;
      financeCharge: number;
      totalOfPayments: number;
    }
  | {
      kind: "lease";
      text: string;
      price: number;
      months: number;
      creditTier: string;
      moneyFactor: number;
      residualPercent: number;
      residualValue: number;
      monthlyPayment: number;
      downPayment: number;
      amountDueAtSigning: number;
      cashDueAtSigning: number;
      totalOfPayments: number;
    };

export type EventQuote = {
  id: string;
  /** The dealer's quote page (sign-in needed): the shopper's link is their key and stays out. */
  url: string;
  salesperson: { id: string; name: string; email: string | null };
  vehicle: EventVehicle | null;
  selectedStructure: EventStructure | null;
  outTheDoorPrice: number | null;
  tradeIn: { description: string; vin: string | null; mileage: number; value: number; payoff: number } | null;
  /** The version this event is about (acceptance, a saved version), else null. */
  version: { number: number; kind: string; fingerprint: string } | null;
  /** Issue #38: the deal's gross, only to endpoints marked "include gross" (forEndpoint). */
  gross?: GrossInDollars;
};

type EventCustomer = { name: string; email: string | null; phone: string | null };

/** The `data` of every quote event; `extra` holds what one event type adds (shared: `via`). */
export type QuoteEventData = {
  quote: EventQuote;
  customer: EventCustomer | null;
  dealership: { id: string; name: string; phone: string | null };
} & Record<string, unknown>;

/** What an event reads of a deal: a version's snapshot, or the deal as it stands. */
export type DealSnapshot = {
  data: QuoteData;
  breakdown: Breakdown;
  dealership: QuoteDealership;
  choice: ShopperChoice | null;
  shopperContact: { name: string; phone: string; email: string } | null;
  customer: CustomerInfo | null;
};

const orNull = (value: string | undefined | null) => (value?.trim() ? value.trim() : null);

/**
 * "2021 Honda Accord EX-L" read as year, make, model and trim: the quote keeps one description,
 * and a CRM wants the parts. A description that does not start with a model year gives nulls.
 */
function vehicleParts(description: string): Pick<EventVehicle, "year" | "make" | "model" | "trim"> {
  const words = description.trim().split(/\s+/);
  const year = Number(words[0]);
  if (!/^(19|20)\d\d$/.test(words[0] ?? "") || words.length < 2)
    return { year: null, make: null, model: null, trim: null };
  return {
    year,
    make: words[1] ?? null,
    model: words[2] ?? null,
    trim: words.length > 3 ? words.slice(3).join(" ") : null,
  };
}

function structureOf(snapshot: DealSnapshot): { structure: EventStructure; outTheDoor: number } {
  const { data, choice } = snapshot;
  const selected = selectedStructure(choice ? { ...data, shopperChoice: choice } : data);
  const { selection, text } = selected;
  const outTheDoor = snapshot.breakdown.outTheDoorPrice;
  const down = centsToDollars(selection.downCents);
  if (selection.kind === "cash")
    return {
      structure: { kind: "cash", text, price: centsToDollars(selection.cashPrice), downPayment: down },
      outTheDoor,
    };
  if (selection.kind === "finance") {
    const r = selection.result;
    return {
      structure: {
        kind: "finance",
        text,
        price: centsToDollars(r.amountFinanced + selection.downCents),
        months: selection.months,
        creditTier: selection.tier,
        aprPercent: r.aprPercent,
        monthlyPayment: centsToDollars(r.payment),
        downPayment: down,
        amountFinanced: centsToDollars(r.amountFinanced),
        financeCharge: centsToDollars(r.financeCharge),
        totalOfPayments: centsToDollars(r.totalOfPayments),
      },
      outTheDoor,
    };
  }
  const r = selection.result;
  return {
    structure: {
      kind: "lease",
      text,
      price: centsToDollars(r.grossCapCost),
      months: selection.months,
      creditTier: selection.tier,
      moneyFactor: selection.moneyFactor,
      residualPercent: selection.residualPercent,
      residualValue: centsToDollars(r.residualValue),
      monthlyPayment: centsToDollars(r.monthlyPayment),
      downPayment: down,
      amountDueAtSigning: centsToDollars(r.amountDueAtSigning),
      cashDueAtSigning: centsToDollars(r.cashDueAtSigning),
      totalOfPayments: centsToDollars(r.totalOfPayments),
    },
    outTheDoor,
  };
}

export type QuoteFacts = {
  id: string;
  dealerId: string;
  salesperson: { id: string; name: string; email: string | null };
};

/** The event data of a quote from its snapshot (null when the deal could not be read). */
export function quoteEventData(
  appUrl: string,
  quote: QuoteFacts,
  snapshot: DealSnapshot | null,
  version: EventQuote["version"] = null,
): QuoteEventData {
  const url = `${appUrl.replace(/\/+$/, "")}/quote/${quote.id}?view=dealer`;
  const dealership = {
    id: quote.dealerId,
    name: snapshot?.dealership.dealershipName ?? "",
    phone: orNull(snapshot?.dealership.phoneNumber),
  };
  if (!snapshot)
    return {
      quote: {
        id: quote.id,
        url,
        salesperson: quote.salesperson,
        vehicle: null,
        selectedStructure: null,
        outTheDoorPrice: null,
        tradeIn: null,
        version,
      },
      customer: null,
      dealership,
    };
  const { data } = snapshot;
  const { structure, outTheDoor } = structureOf(snapshot);
  const trade = data.tradeIn;
  // The shopper's own details when they accepted, else the dealer's customer record.
  const contact = snapshot.shopperContact ?? snapshot.customer;
  return {
    quote: {
      id: quote.id,
      url,
      salesperson: quote.salesperson,
      vehicle: {
        description: data.vehicle.description,
        ...vehicleParts(data.vehicle.description),
        vin: orNull(data.vehicle.vin),
        stockNumber: orNull(data.vehicle.stockNumber),
        mileage: data.vehicle.mileage,
        color: orNull(data.vehicle.color),
        condition: (data.vehicle.isNew ?? data.vehicle.mileage <= 1000) ? "new" : "used",
        msrp: data.vehicle.msrp ?? null,
        advertisedPrice: data.pricing.advertisedPrice,
      },
      selectedStructure: structure,
      outTheDoorPrice: centsToDollars(outTheDoor),
      tradeIn: trade.hasTradeIn
        ? {
            description: trade.vehicle.description ?? "",
            vin: orNull(trade.vehicle.vin),
            mileage: trade.vehicle.mileage,
            value: trade.vehicle.value ?? 0,
            payoff: data.amountOwedOnTradeIn,
          }
        : null,
      version,
    },
    customer: contact
      ? { name: contact.name, email: orNull(contact.email), phone: orNull(contact.phone) }
      : null,
    dealership,
  };
}

/**
 * Issue #38: the deal's gross for the structure the event describes (the shopper's choice when the
 * snapshot has one), or null without a deal or economics. Only "include gross" endpoints get it.
 */
export function eventGross(
  snapshot: DealSnapshot | null,
  economics: DealEconomics | null,
): GrossInDollars | null {
  if (!snapshot || !economics) return null;
  const data = snapshot.choice ? { ...snapshot.data, shopperChoice: snapshot.choice } : snapshot.data;
  return grossInDollars(dealGross(data, economics));
}

/** The event data with the deal's gross in `quote.gross`, when there is one. */
export function withGross(data: QuoteEventData, gross: GrossInDollars | null): QuoteEventData {
  return gross ? { ...data, quote: { ...data.quote, gross } } : data;
}

/**
 * The endpoint's copy of an event's data. Every endpoint belongs to the dealership, so customer
 * contact details stay; the deal's cost and gross (the `gross` keys, issue #38) and a stock
 * vehicle's cost (`vehicle.cost` of inventory.status_changed) go only to endpoints marked
 * "include gross".
 */
export function forEndpoint(data: Record<string, unknown>, includeGross: boolean): Record<string, unknown> {
  if (includeGross) return data;
  const without = (value: unknown, key: string): unknown => {
    if (!value || typeof value !== "object" || !(key in value)) return value;
    const { [key]: _dropped, ...rest } = value as Record<string, unknown>;
    return rest;
  };
  const copy = { ...(without(data, "gross") as Record<string, unknown>) };
  if ("quote" in copy) copy.quote = without(copy.quote, "gross");
  if ("vehicle" in copy) copy.vehicle = without(copy.vehicle, "cost");
  return copy;
}

/** "msg_…" (Standard Webhooks' id shape): the webhook-id of every attempt and resend of the event. */
export const newEventId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** The outbox record of a quote event; `data` from quoteEventData plus what the type adds. */
export function quoteEventRecord(
  type: string,
  quote: QuoteFacts,
  data: QuoteEventData,
  at: number,
  extra: Record<string, unknown> = {},
): HandoffEventRecord {
  return {
    publicId: newEventId(),
    dealershipId: quote.dealerId,
    type,
    quoteId: quote.id,
    createdAt: at,
    payload: JSON.stringify({ ...data, ...extra }),
  };
}
