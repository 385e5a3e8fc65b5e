// The dealer's screens' words (settings lists, dashboard, sign-in lockout): apart from
// messages.ts so that the shopper's phone, whose page loads messages.ts up front, never
// downloads them. The same rule holds: never write one of these strings anywhere else.

/** Login lockout (spec silent; our wording): 'Too many failed login attempts. Please try again in 15 minutes.' */
export const tooManyLoginAttempts = (minutes: number): string =>
  `Too many failed login attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
export const loadQuotesFailed = (reason: string): string => `Failed to load quotes: ${reason}`;

export type DefaultListKind = "addOn" | "taxRate" | "dealerFee" | "governmentFee";
export type CrudAction =
  | "created"
  | "updated"
  | "deleted"
  | "loadFailed"
  | "createFailed"
  | "updateFailed"
  | "deleteFailed"
  | "notFound";

interface KindWords {
  title: string; // success banners: 'Tax rate created successfully'
  singular: string; // 'Failed to create tax rate'
  plural: string; // 'Failed to load taxes' (the spec's word for that list)
  listName: string; // empty states and log-in prompts: 'No tax rates configured yet.'
}

const KIND_WORDS: Record<DefaultListKind, KindWords> = {
  addOn: { title: "Add-on", singular: "add-on", plural: "add-ons", listName: "add-ons" },
  taxRate: { title: "Tax rate", singular: "tax rate", plural: "taxes", listName: "tax rates" },
  dealerFee: { title: "Dealer fee", singular: "dealer fee", plural: "dealer fees", listName: "dealer fees" },
  governmentFee: {
    title: "Government fee",
    singular: "government fee",
    plural: "government fees",
    listName: "government fees",
  },
};

/** The settings pages' banners: crudMessage("taxRate", "loadFailed") -> 'Failed to load taxes'. */
export function crudMessage(kind: DefaultListKind, action: CrudAction): string {
  const words = KIND_WORDS[kind];
  switch (action) {
    case "created":
    case "updated":
    case "deleted":
      return `${words.title} ${action} successfully`;
    case "loadFailed":
      return `Failed to load ${words.plural}`;
    case "createFailed":
      return `Failed to create ${words.singular}`;
    case "updateFailed":
      return `Failed to update ${words.singular}`;
    case "deleteFailed":
      return `Failed to delete ${words.singular}`;
    case "notFound":
      // Our wording: the API's 404 for an id that is not the dealer's own active item.
      return `${words.title} not found`;
  }
}

/** 'No add-ons configured yet. Click "Add new" to create your first one.' */
export const emptyListMessage = (kind: DefaultListKind): string =>
  `No ${KIND_WORDS[kind].listName} configured yet. Click "Add new" to create your first one.`;
export const logInToViewMessage = (kind: DefaultListKind): string =>
  `Please log in to view ${KIND_WORDS[kind].listName}`;
export const confirmDeleteNamed = (name: string): string => `Are you sure you want to delete "${name}"?`;
export const DELETE_DEFAULT_NOTE =
  "Items used in existing quotes will be hidden from future quotes but preserved in existing ones.";

/** The dashboard table's columns (spec §2). */
export const QUOTE_COLUMNS = {
  vehicle: "Vehicle",
  customer: "Customer",
  created: "Created",
  expires: "Expires",
  actions: "Actions",
  /** Issue #38: the deal's total gross, for members who see gross. */
  gross: "Gross",
} as const;

/** Issue #38: the small screens' sort list, for members who see gross. */
export const GROSS_SORT = { desc: "Gross, highest first", asc: "Gross, lowest first" } as const;

/** Dashboard, where the spec is silent: every quote is expired and 'Show expired' is off. */
export const noActiveQuotes = "You have no active quotes. Turn on 'Show expired' to see expired ones.";
/** Dashboard, where the spec is silent: the browser refused the clipboard, so the link is shown instead. */
export const copyLinkFailed = (link: string): string => `Could not copy the link. Here it is: ${link}`;

/** The quote-defaults settings pages (spec §2): their menu names and fixed page text. */
export const QUOTE_DEFAULTS_TEXT = {
  addOns: "Add-ons",
  taxes: "Taxes",
  dealerFees: "Dealer fees",
  governmentFees: "Government fees",
  interestRates: "Interest rates",
  addNew: "Add new",
  creditTier: "Credit tier",
  logInToViewInterestRates: "Please log in to view interest rates",
  deskAndGross: "Desk & gross",
} as const;

/** Settings → Desk & gross (issue #38): the dealership's deal economics defaults, dealer-private. */
export const DESK_SETTINGS_TEXT = {
  title: "Desk & gross",
  intro:
    "What new quotes start with for the desk's gross: the pack, the lender's buy rates and your share of the markup. Never shown to shoppers.",
  ownersOnly: "Only the owner and managers manage the desk and gross settings.",
  pack: "Pack",
  participation: "Participation",
  participationHint: "Your share of the rate markup the lender pays the dealership",
  /** Issue #49: whose share it is, in words (some dealer systems ask for the lender's). */
  participationWords: (percent: string) => `Dealer keeps ${percent} % of the markup`,
  reserveTitle: "How each lender pays reserve",
  reserveHint:
    "A share of the markup (the difference in finance charges, on a positive markup only), a flat amount per contract, or a percent of the amount financed; caps are optional. A contract below the buy rate always costs the whole difference (rate buy-down).",
  reserveMethod: (tier: string) => `Reserve method, ${tier}`,
  reserveMethods: {
    markup: "Share of the markup",
    flat: "Flat amount",
    amountFinanced: "% of amount financed",
  },
  reserveFlat: (tier: string) => `Flat amount, ${tier}`,
  reservePercent: (tier: string) => `Percent of amount financed, ${tier}`,
  reserveMaxMarkup: (tier: string) => `Markup cap (points), ${tier}`,
  reserveMaxReserve: (tier: string) => `Reserve cap, ${tier}`,
  reserveHeaders: ["Method", "Flat amount", "% financed", "Markup cap (pts)", "Reserve cap"],
  feesInGrossTitle: "Fees counted as front gross",
  feesInGrossHint:
    "Dealer fees (a doc fee, for instance) your dealership books as front gross. New quotes take this.",
  noDealerFees: "No dealer fees yet: add them under Dealer fees.",
  buyRatesTitle: "Buy rates (APR)",
  buyRatesHint: "The lender's buy rate by credit tier and term; leave a cell empty for no markup.",
  buyRate: (tier: string, months: number) => `Buy rate, ${tier}, ${months} months`,
  termHeader: (months: number) => `${months} mo`,
  tierHeader: "Credit tier",
  buyMoneyFactorsTitle: "Buy money factors (leases)",
  salespeopleSeeGross: "Salespeople see gross",
  salespeopleSeeGrossHint: "Off: only the owner and managers see the gross of deals.",
  salespeopleSeeGrossOnHint:
    "On: salespeople see the gross of the deals they work, as the owner and managers do.",
  ownerOnlySwitch: "Only the owner changes this.",
  saved: "Desk & gross settings saved",
  saveFailed: "Failed to save the desk & gross settings",
  loadFailed: "Failed to load the desk & gross settings",
  addOnCost: "Cost",
  addOnCostFigure: (cost: string) => `Cost ${cost}`,
} as const;

/** The dashboard list's title while expired quotes are shown too ("Active Quotes" otherwise, spec §2). */
export const ALL_QUOTES_TITLE = "All Quotes";

/** Issue #14: renew an expired quote, duplicate a deal for another shopper (dashboard and quote page). */
export const QUOTE_COPY_TEXT = {
  renew: "Renew",
  duplicate: "Duplicate",
  renewLabel: (vehicle: string) => `Renew ${vehicle}`,
  duplicateLabel: (vehicle: string) => `Duplicate ${vehicle} for another customer`,
  renewed: (until: string) => `Quote renewed. It now expires ${until}.`,
  renewFailed: "Failed to renew quote",
  duplicated: "Quote duplicated for a new customer. Share it when you're ready.",
  duplicateFailed: "Failed to duplicate quote",
} as const;

/** The owner's first-run checklist on the dashboard (issue #14). */
export const CHECKLIST_TEXT = {
  title: "Get your desk ready",
  progress: (done: number, total: number) => `${done} of ${total} done`,
  dismiss: "Dismiss the checklist",
  done: "Done",
  steps: {
    profile: {
      label: "Fill in your dealership profile",
      hint: "Your dealership's name, address and phone appear on every quote your customers open.",
      action: "Open contact information",
    },
    taxesAndFees: {
      label: "Check taxes and fees",
      hint: "Make sure the tax rates, dealer fees and title and registration fees match your state.",
      action: "Review taxes",
      mark: "Mark as checked",
    },
    firstQuote: {
      label: "Create your first quote",
      hint: "Enter a vehicle and its price; your defaults fill in the rest.",
      action: "Create a quote",
    },
    shared: {
      label: "Share it with a customer",
      hint: "Open a quote and press Share to send its link by email or text, or copy it.",
    },
  },
} as const;
