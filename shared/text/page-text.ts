// The product's messages, part one (spec §2, §8): the words of the pages and the few messages the
// quote page and the API client show (CORE_MSG). shared/text/messages.ts holds the rest (MSG) and
// re-exports these; import from there, except in what the shopper's quote page opens with, which
// imports from here so that its phone never downloads MSG (decision 008). Never write one of these
// strings anywhere else; import it.

/**
 * The messages that the quote page and the API client show, in an object of their own: the
 * shopper's phone then downloads these and not the whole catalogue (MSG in messages.ts; decision
 * 008).
 */
export const CORE_MSG = {
  exceedsRetailPrice: "Cannot exceed retail price",
  /** Issue #34: the discount's message names the field the dealer sees. */
  discountAboveAdvertised: "Cannot exceed the Advertised price",
  authenticationRequired: "Authentication required",
  quoteNotFound: "Quote not found",
  forbidden: "You do not have permission to do that",
  quoteExpired: "This quote has expired",
  internalError: "Something went wrong. Please try again.",
} as const;

/** The API helper's last resort when the answer has no message (spec §8). */
export const apiErrorMessage = (status: number): string => `API error: ${status}`;
/** Fixed page text of spec §2 that the dashboard and the quote page show. */
export const TEXT = {
  productName: "DealDesk",
  tryAgain: "Try Again",
  expired: "Expired",
  cancel: "Cancel",
  delete: "Delete",
  close: "Close",
  save: "Save",
  loading: "Loading...",
  quoteDetails: "Quote Details",
  viewOnDealerWebsite: "View on dealer website",
  statusConnected: "Status: Connected",
  statusDisconnected: "Status: Disconnected",
  advertisedPrice: "Advertised price",
  discount: "Discount",
  sellingPrice: "Selling price",
  addOns: "Add-ons & Accessories",
  selectedCount: (count: number): string => `(${count} selected)`,
  tradeInValue: "Trade-in value",
  tradeInRequested: "(Requested from the dealership)",
  fees: "Fees",
  taxableAmount: "Taxable amount",
  taxes: "Taxes",
  titleAndRegistration: "Title and Registration",
  totalBalance: "Total balance",
  downPayment: "Downpayment",
  amountOwedOnTradeIn: "Amount owed on trade-in",
  tradeInExcess: "Trade-in value beyond the price",
  outTheDoorPrice: "Out of the door price",
  monthlyPayments: "Monthly Payments",
  totalDealerFees: "TOTAL DEALER FEES",
  totalTaxes: "TOTAL TAXES",
  totalGovernmentFees: "TOTAL GOVERNMENT FEES",
  defaultRateNote: (rateText: string): string => `(${rateText})`,
  tradeInCheckboxShopper: "I have a car to trade in",
  tradeInCheckboxDealer: "Shopper has a trade-in vehicle",
} as const;

/** The vehicle form's field labels (spec §5 names the fields). */
export const VEHICLE_FORM_LABELS = {
  description: "Description",
  mileage: "Mileage",
  color: "Color",
  stockNumber: "Stock #",
  vin: "VIN",
  advertisedUrl: "Vehicle URL",
  advertisedPrice: "Advertised Price",
  discount: "Discount",
  /** Issue #34: new or used (the default follows the mileage), and the MSRP a lease needs. */
  condition: "New or used",
  new: "New",
  used: "Used",
  msrp: "MSRP",
  msrpHint: "Lease residuals are a percent of it; without it the quote offers no lease.",
} as const;

/** The quote page (spec §2): the words of the controls it names, and its own fixed text. */
export const QUOTE_TEXT = {
  // Issue #33: the deal's lifecycle, on the page that is open when it changes.
  dealReassigned: (name: string): string => `This deal was reassigned to ${name}`,
  optionsChanged: "Your dealer changed the options; please choose again",
  share: "Share",
  editVehicle: "Edit vehicle",
  editVehicleTitle: "Edit Vehicle",
  closeQuote: "Close quote",
  quoteActions: "Quote actions",
  moreActions: "More actions",
  dashboard: "Dashboard",
  breadcrumb: "Breadcrumb",
  customer: (name: string): string => `Customer: ${name}`,
  opensInNewTab: "(opens in a new tab)",
  expiredNote: "The prices below are shown for reference and can no longer be changed.",
  notFoundText: "This quote does not exist or is no longer available. Please check the link you were sent.",
  backToDashboard: "Back to dashboard",
  goHome: "Go to the home page",
  loadFailed: "The quote could not be loaded. Check your connection and try again.",
  showDetails: (label: string): string => `Show ${label} details`,
  hideDetails: (label: string): string => `Hide ${label} details`,
  creditTier: "Credit tier",
  rebates: "Rebates",
  wantThisDeal: "I want this deal",
  termMonths: (term: number): string => `${term} months`,
  selected: "Selected",
  apr: (rateText: string): string => `${rateText} APR`,
  perMonth: "/mo",
  editRate: (cell: string, shown: string): string => `Edit rate for ${cell}: ${shown}`,
  rateFor: (cell: string): string => `Rate for ${cell}`,
  confirmRateFor: (cell: string): string => `Confirm rate for ${cell}`,
  amount: "Amount",
  tradeInFields: {
    description: "Vehicle description",
    vin: "VIN",
    mileage: "Mileage",
    condition: "Condition",
    value: "Estimated value",
    amountOwed: "Amount owed",
  },
  noAddOns: "No add-ons are offered with this quote.",
  retail: (price: string): string => `Retail ${price}`,
  sellingPriceFor: (name: string): string => `Selling price for ${name}`,
  shareQuote: "Share Quote",
  customerName: "Customer name",
  email: "Email",
  phone: "Phone",
  phonePlaceholder: "1 (555) 123-4567",
  textButton: "Text",
  copyLink: "Copy link",
  /** "Hi Sam, here's the quote for the 2024 Honda Accord we talked about — Dana Whitfield, Example Motors: <link>". */
  shareMessage: (m: {
    firstName: string;
    vehicle: string;
    consultant: string;
    dealership: string;
    link: string;
  }) =>
    `Hi${m.firstName ? ` ${m.firstName}` : ""}, here's the quote for the ${m.vehicle} we talked about — ${[
      m.consultant,
      m.dealership,
    ]
      .filter(Boolean)
      .join(", ")}: ${m.link}`,
  /** Issue #34: the selected structure's payment, and what the out-the-door figure is after. */
  monthlyAmount: (amount: string): string => `${amount}/mo`,
  afterDown: (down: string): string => `after ${down} down`,
  dueAtSigning: "Due at signing",
  cashAtSigning: (cash: string): string => `${cash} in cash`,
  /** The shopper's connection in plain words (the dealer keeps "Status: Connected"). */
  shopperLive: "Live",
  shopperOffline: "Offline: your changes are kept on this phone",
  shopperConnecting: "Connecting…",
  /** The shopper's first screen: what they can change, before the breakdown. */
  yourOptions: "Change your deal",
  changeTradeIn: "Trade-in",
  tradeInNone: "None",
  tradeInToAppraise: "To be appraised",
  changeDownPayment: "Down payment",
  yourCredit: "Your credit",
  dueToCustomer: "Due to customer",
  dueToCustomerNote:
    "Your trade-in is worth more than the whole deal, so nothing is owed and the dealership pays you the difference.",
  consultant: (name: string): string => `Your sales consultant: ${name}`,
  dealership: "Dealership",
  dialogOfflineTitle: "Not available offline",
  updatedByCustomer: "Updated by the customer just now",
  updatedByDealer: "Updated by the dealer just now",
  amountOwedTitle: "Amount owed on trade-in",
  tradeInNotAppraised: "Trade-in value not appraised yet",
  dialogOffline: "You're offline — this opens when you're back online",
  dialogFailed: "This could not be opened. Check your connection and try again.",
  /** Issue #36: close code 4409, this page's place went to the customer's own device. */
  replacedByCustomer:
    "Replaced by the customer's device: this page no longer updates. Open the link on your own phone to keep working on the deal.",
  /** Issue #36: the answers to a stale-edit notice. */
  useMine: "Use mine",
  conflictOk: "OK",
  /**
   * The offline banner (issue #36): the deal on screen is this phone's copy, as of its last sync
   * with the server ("3:42 PM", formatClockTime) when the phone knows it.
   */
  offlineBanner: (syncedAt: string | null): string =>
    syncedAt
      ? `Offline: showing the deal as of ${syncedAt}; your changes are kept on this phone`
      : "Offline: your changes are kept on this phone",
  shopperTitle: (vehicle: string, dealership: string): string => `${vehicle} quote · ${dealership}`.trim(),
} as const;
