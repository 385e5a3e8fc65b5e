// Presence and live signals (issue #9): the words both sides show and the shapes they share.
// Kept apart from messages.ts so that the shopper's first paint pulls in only these few strings.

/** What the shopper is doing, as the shopper's page announces it in its awareness state. */
const SHOPPER_ACTIVITIES = {
  tradeIn: "editing the trade-in",
  amountOwed: "changing the amount owed on the trade-in",
  downPayment: "changing the downpayment",
  addOns: "looking at the add-ons",
  fees: "looking at the fees",
  taxes: "looking at the taxes",
  titleAndRegistration: "looking at title and registration",
} as const;

export type ShopperActivity = keyof typeof SHOPPER_ACTIVITIES;

export const isShopperActivity = (value: unknown): value is ShopperActivity =>
  typeof value === "string" && Object.hasOwn(SHOPPER_ACTIVITIES, value);

export const PRESENCE_TEXT = {
  shopperViewing: "Shopper is viewing",
  consultantHere: "Your sales consultant is here",
  /** The dashboard's live dot (accessible name). */
  shopperViewingShort: "Shopper viewing",
  /** The dealer's page, when teammates have the deal open too (issue #20). */
  teammatesHere: (names: string): string => `Also on this deal: ${names}`,
} as const;

/** "Shopper is viewing: changing the downpayment". */
export const shopperViewingText = (activity: ShopperActivity | null): string =>
  activity
    ? `${PRESENCE_TEXT.shopperViewing}: ${SHOPPER_ACTIVITIES[activity]}`
    : PRESENCE_TEXT.shopperViewing;

/** The dealer's in-app notification when a shopper opens a quote after being away. */
export const customerOpenedQuote = (label: string): string => `${label}: your customer opened the quote`;

/** GET /api/quotes/live-status: the signed-in dealer's quotes a shopper has open now. */
export type LiveStatusResponse = {
  /** The server's clock, so the dashboard compares visit times without trusting its own. */
  now: number;
  quotes: {
    id: string;
    /** When this visit began; a new value is a new visit (reconnects within a minute are not). */
    visitStartedAt: number;
    /** The customer's name, or the vehicle when there is none. */
    label: string;
  }[];
  /** Issue #19: deals accepted (and still locked) in the last ACCEPTED_SIGNAL_MS, newest first. */
  accepted?: { id: string; version: number; acceptedAt: number; label: string }[];
  /**
   * Issue #37: the member's quotes whose stock vehicle someone else is working on another quote
   * right now, with that person's name.
   */
  sameVehicle?: { id: string; name: string }[];
};

/** How long an acceptance stays a live signal on the dashboard (its badge stays for good). */
export const ACCEPTED_SIGNAL_MS = 15 * 60_000;

export const customerAcceptedQuote = (label: string, version: number): string =>
  `${label} accepted version ${version} of the deal`;
