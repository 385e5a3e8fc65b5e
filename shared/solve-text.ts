// Issue #38: the words of "solve for" and of the desk's gross (README "Solve for a payment").

export const SOLVE_TEXT = {
  none: {
    sellingPrice: (target: string) => `No selling price reaches ${target}/mo at these terms`,
    downPayment: (target: string) => `No down payment reaches ${target}/mo at these terms`,
    months: (target: string) => `No term reaches ${target}/mo at these terms`,
  },
  noOption: "No option at this index",
} as const;

/** The Desk panel (dealer only): gross, economics and "Solve for". */
export const DESK_TEXT = {
  title: "Desk",
  grossTitle: "Gross",
  front: "Front gross",
  addOns: "Add-on gross",
  reserve: "Reserve",
  back: "Back gross",
  total: "Total gross",
  costUnknown: "Add the vehicle cost",
  vehicleCost: "Vehicle cost",
  pack: "Pack",
  participation: "Participation (%)",
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
} as const;

/** "$2,000" for whole dollars, "$2,000.50" otherwise (the request's context). */
export const shortMoney = (formatted: string) => formatted.replace(/\.00$/, "");
