// Issue #38: the words of "solve for" and of the desk's gross (README "Solve for a payment").

export const SOLVE_TEXT = {
  none: {
    sellingPrice: (target: string) => `No selling price reaches ${target}/mo at these terms`,
    downPayment: (target: string) => `No down payment reaches ${target}/mo at these terms`,
    months: (target: string) => `No term reaches ${target}/mo at these terms`,
  },
  /** Issue #49: a rounded answer that leaves the calculator's domain (or the offer). */
  noneRounded: {
    sellingPrice: (target: string, step: string) =>
      `No selling price rounded to ${step} reaches ${target}/mo at these terms`,
    downPayment: (target: string, step: string) =>
      `No down payment rounded to ${step} reaches ${target}/mo at these terms`,
  },
  noOption: "No option at this index",
} as const;

/** Issue #49: the terms a solve held fixed, in the desk's words. */
interface HeldFixed {
  months?: number;
  /** "Good" (the quote's credit tier). */
  tier?: string;
  /** "6.9 % APR" or "money factor 0.00125" (POST /api/calculate/solve, which has no tier). */
  rate?: string;
  down?: string;
  sellingPrice?: string;
}

/** "at 60 months, Good credit, $2,000 down". */
export function heldFixedText(held: HeldFixed): string {
  const parts = [
    held.months === undefined ? null : `${held.months} months`,
    held.tier === undefined ? null : `${held.tier} credit`,
    held.rate ?? null,
    held.down === undefined ? null : `${held.down} down`,
    held.sellingPrice === undefined ? null : `${held.sellingPrice} selling price`,
  ].filter((part) => part !== null);
  return `at ${parts.join(", ")}`;
}

/** The Desk panel (dealer only): gross, economics and "Solve for". */
export const DESK_TEXT = {
  title: "Desk",
  grossTitle: "Gross",
  front: "Front gross",
  /** Issue #49: the parts of front gross beyond price, cost and pack, and the lender's buy-down. */
  tradeOverAllowance: "Trade over-allowance",
  tradeUnderAllowance: "Trade under-allowance",
  feesInGross: "Fees counted as gross",
  rateBuyDown: "Rate buy-down",
  tradeInAcv: "Trade actual cash value (ACV)",
  addOns: "Add-on gross",
  reserve: "Reserve",
  back: "Back gross",
  total: "Total gross",
  costUnknown: "Add the vehicle cost",
  vehicleCost: "Vehicle cost",
  pack: "Pack",
  participation: "Dealer keeps (% of the markup)",
  /** Issue #49: the participation in words, so a lender's share copied in does not invert silently. */
  participationWords: (percent: string) => `Dealer keeps ${percent} % of the markup`,
  buyRate: (months: number) => `Buy rate, ${months} mo (%)`,
  buyMoneyFactor: "Buy money factor",
  addOnCost: (name: string) => `Cost of ${name}`,
  solveTitle: "Solve for",
  targetPayment: "Target payment",
  structure: "Structure",
  solveFor: "Solve for",
  solveForOptions: { sellingPrice: "Selling price", downPayment: "Down payment", months: "Term" },
  structureNames: { finance: "Finance", lease: "Lease" },
  solve: "Solve",
  apply: "Apply",
  noLease: "This quote offers no lease",
  answer: (what: string, value: string, payment: string) => `${what} ${value}: ${payment}/mo`,
  answerGross: (gross: string) => `Total gross at this answer: ${gross}`,
  /** Issue #49: an answer whose total gross is below zero (dealer's warning colours only). */
  losesMoney: "This answer loses money",
  roundTo: "Round to",
  roundings: { 1: "Cent", 100: "$1", 1000: "$10", 5000: "$50", 10000: "$100" } as Record<number, string>,
  heldFixed: (text: string) => `Solved ${text}`,
  exactAnswer: (value: string) => `Exact: ${value}`,
  applied: "Applied",
  aboveAdvertised: "Above the advertised price: applying it removes the discount",
  /** The dealer's copy of a version (the versions dialog), for members who see gross. */
  versionGross: (front: string, back: string, total: string) =>
    `Gross: front ${front}, back ${back}, total ${total}`,
} as const;

/** "Ask for a different payment" (issue #38): the shopper's words and the dealer's. */
export const PAYMENT_REQUEST_TEXT = {
  ask: "Ask for a different payment",
  dialogTitle: "Ask for a different payment",
  amount: "Monthly payment you ask for",
  structure: "For",
  note: "Note to your dealer (optional)",
  send: "Send request",
  sent: (amount: string, structure: string) =>
    `You asked for ${amount}/mo (${structure}). Your dealer will answer here.`,
  answered: "Your dealer answered your request",
  answeredFigures: (text: string) => `New figures: ${text}`,
  customerAsks: (amount: string, context: string, note: string) =>
    `Customer asks for ${amount}/mo (${context})${note ? `: '${note}'` : ""}`,
  context: (structure: string, months: number, down: string) => `${structure}, ${months} mo, ${down} down`,
  solveIt: "Solve",
  saveCounter: "Save counter-offer",
  counterSaved: (version: number) => `Counter-offer saved as version ${version}`,
  answeredByDealer: (version: number) => `Answered with version ${version}`,
  /** Issue #47: the server refused a request over its cap (per quote and per device). */
  limited: (minutes: number) =>
    `Your request was not sent: you can send another payment request in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
  /** Issue #47: a lead that carries the requests held since the quote's last lead, oldest first. */
  folded: (count: number, requests: readonly string[]) =>
    `${count} payment requests since the last lead: ${requests.join("; ")}`,
} as const;

/** "$2,000" for whole dollars, "$2,000.50" otherwise (the request's context). */
export const shortMoney = (formatted: string) => formatted.replace(/\.00$/, "");
