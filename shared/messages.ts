// Every user-facing message of the product lives here (spec §2, §5, §8), so
// that the React forms, the Hono routes and the live-document guard show the
// same words. Never write one of these strings anywhere else; import it.

import {
  MAX_AMOUNT,
  MAX_TEXT_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUOTE_RATE_MAX,
} from "./constants";
import { formatDollars } from "./money";

const MAX_AMOUNT_TEXT = formatDollars(MAX_AMOUNT);

export const MSG = {
  // Validation, spec §5 (exact wording).
  emailRequired: "Email is required",
  emailInvalid: "Email is invalid",
  emailInvalidAddress: "Please enter a valid email address",
  passwordRequired: "Password is required",
  passwordMinLength: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordMinLengthLong: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  confirmPasswordRequired: "Please confirm your password",
  passwordsDoNotMatch: "Passwords do not match",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  phone10Digits: "Please enter a valid 10-digit phone number",
  zipInvalid: "Please enter a valid ZIP code",
  dealershipNameRequired: "Dealership name is required",
  phoneInvalid: "Please enter a valid phone number",
  stateInvalid: "State must be a two-letter abbreviation",
  tradeInDescriptionRequired: "Vehicle description is required",
  mileageRequired: "Mileage is required",
  invalidNumber: "Please enter a valid number",
  priceNegative: "Price cannot be negative",
  exceedsRetailPrice: "Cannot exceed retail price",
  customerNameRequired: "Customer name is required",
  phoneIncomplete: "Please enter a complete phone number",
  nameRequired: "Name is required",
  priceRequired: "Price is required",
  nameAndPriceRequired: "Name and price are required",
  descriptionRequired: "Description is required",
  rateBetween0And100: "Rate must be between 0 and 100",
  descriptionAndRateRequired: "Description and rate are required",
  taxRateBetween0And100: "Tax rate must be between 0 and 100",
  amountPositive: "Amount must be a positive number",
  nameAndAmountRequired: "Name and amount are required",
  interestRatesInvalid: "Interest rates must be valid numbers between 0 and 100",
  noChangesToSave: "No changes to save",

  // Validation where the spec names the rule but not the words (our wording).
  emailUnchanged: "New email must be different from your current email",
  currentPasswordRequired: "Current password is required",
  newPasswordRequired: "New password is required",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  textTooLong: `Must be at most ${MAX_TEXT_LENGTH} characters`,
  urlTooLong: "URL is too long",
  vinInvalid: "A VIN is 17 letters and digits (never I, O or Q)",
  urlInvalid: "Please enter a valid URL starting with http:// or https://",
  mileageNegative: "Mileage cannot be negative",
  mileageWhole: "Mileage must be a whole number",
  mileageTooHigh: "Mileage is too high",
  advertisedPriceRequired: "Advertised price is required",
  amountNegative: "Amount cannot be negative",
  amountTooLarge: `Amount cannot exceed ${MAX_AMOUNT_TEXT}`,
  priceTooLarge: `Price cannot exceed ${MAX_AMOUNT_TEXT}`,
  amountDecimals: "Amount can have at most 2 decimal places",
  downPaymentPositive: "Downpayment cannot be positive",
  quoteRateInvalid: `Rate must be between 0 and ${QUOTE_RATE_MAX}`,
  creditTierInvalid: "Please choose a valid credit tier",
  loanTermInvalid: "Loan term must be 24, 36, 48, 60, 72 or 84 months",
  tokenRequired: "Reset token is required",
  expectedText: "Expected text",
  expectedNumber: "Expected a number",
  expectedBoolean: "Expected true or false",
  expectedList: "Expected a list",
  expectedObject: "Expected an object",
  unknownKey: "Unknown field",
  // Deal structures and POST /api/calculate (our wording).
  termMonthsInvalid: "Term must be a whole number of months from 1 to 120",
  moneyFactorInvalid: "Money factor must be between 0 and 0.1",
  residualPercentInvalid: "Residual must be between 0 and 100%",
  residualRequired: "Enter a residual percent or a residual value",
  residualBoth: "Enter a residual percent or a residual value, not both",
  msrpRequiredForResidual: "MSRP is required for a residual percent",
  tradeInCapRequired: "A capped trade-in credit needs a cap amount",
  optionInvalid: "Please choose one of the listed options",
  tooManyItems: "Too many items in this list",
  leaseTermInvalid: "Lease term must be 24, 27, 36, 39, 42 or 48 months",
  threeValues: "Enter three values",
  termsDistinct: "Choose three different terms",
  oneStructureShown: "Show the shopper at least one of cash, finance and lease",

  // Errors and banners, spec §8.
  authenticationRequired: "Authentication required",
  invalidCredentials: "Invalid email or password",
  loginFailed: "An error occurred during login",
  registrationFailed: "An error occurred during registration",
  requestResetFailed: "An error occurred while requesting password reset",
  resetPasswordFailed: "An error occurred while resetting password",
  updateEmailFailed: "Failed to update email",
  updatePasswordFailed: "Failed to update password",
  updateAccountFailed: "Failed to update account information",
  updateDealershipFailed: "Failed to update dealership information",
  loadInterestRatesFailed: "Failed to load interest rates",
  updateInterestRatesFailed: "Failed to update interest rates",
  emailUpdated: "Email updated successfully",
  passwordUpdated: "Password updated successfully",
  accountUpdated: "Account information updated successfully",
  dealershipUpdated: "Dealership information updated successfully",
  interestRatesUpdated: "Interest rates updated successfully",
  urlCopied: "URL copied to clipboard",
  quoteDeleted: "Quote deleted successfully",
  deleteQuoteFailed: "Failed to delete quote",
  quoteLinkCopied: "Quote link copied to clipboard!",
  createQuoteFailed: "Failed to create quote. Please try again.",
  resetTokenMissing: "Reset token is missing. Please use the link from your email.",
  resetSuccess: "Your password has been reset successfully!",
  checkEmail: "Please check your email for further instructions.",
  confirmDeleteDealerFee: "Are you sure you want to delete this dealer fee?",
  confirmDeleteGovernmentFee: "Are you sure you want to delete this government fee?",

  // Server answers where the spec is silent (our wording, docs/decisions/009 rules apply).
  validationFailed: "Validation failed",
  emailTaken: "An account with this email already exists",
  currentPasswordIncorrect: "Current password is incorrect",
  resetTokenInvalid: "This reset link is invalid or has expired",
  resetRequested: "If an account exists for that email, we have sent a password reset link.",
  notFound: "Not found",
  quoteNotFound: "Quote not found",
  forbidden: "You do not have permission to do that",
  quoteExpired: "This quote has expired",
  tooManyRequests: "Too many requests. Please try again later.",
  internalError: "Something went wrong. Please try again.",

  // Versions and acceptance (#19).
  versionsImmutable: "Versions cannot be changed",
  versionNotFound: "Version not found",
  dealAccepted: (summary: string): string => `The customer accepted ${summary}`,
  dealLocked: "This deal was accepted and is locked until the dealer reopens it",
  dealNotLocked: "This deal is not locked",

  // Dealership teams (#20).
  registrationClosed:
    "Registration is closed on this server. Ask your dealership's owner to send you an invitation.",
  invitationInvalid: "This invitation link is invalid, has expired or was already used",
  invitationSent: (email: string): string => `Invitation sent to ${email}`,
  memberNotFound: "Team member not found",
  ownerRoleFixed: "The owner's role cannot be changed and the owner cannot be removed",
  salespersonNotFound: "Choose a member of your dealership",
  team: "Team",
  teamMembers: "Members",
  inviteMember: "Invite a member",
  sendInvitation: "Send invitation",
  role: "Role",
  removeMember: "Remove",
  confirmRemoveMember: (name: string): string =>
    `Remove ${name} from the dealership? Their sessions end at once.`,
  memberRemoved: "Member removed",
  roleChanged: "Role changed",
  teamAudit: "Audit",
  deskLog: "Desk log",
  allSalespeople: "All salespeople",
  salesperson: "Salesperson",
  outTheDoor: "Out-the-door",
  customerLookingNow: "Customer looking now",
  accepted: "Accepted",
  acceptedOnly: "Accepted only",
  noAcceptedDeals: "No accepted deals right now.",
  reassign: "Reassign",
  quoteReassigned: "Quote reassigned",
  reassignQuote: "Reassign quote",
  reassignTo: "New salesperson",
  reassignNoTeam:
    "You are the only member so far. Invite salespeople under Settings → Team to hand deals over.",
  defaultsReadOnly: "Only your dealership's owner and managers can change these defaults.",
  dealershipReadOnly: "Only your dealership's owner and managers can change this information.",
  acceptInvitation: "Join your dealership",
  joinDealership: "Join",
} as const;

export type MessageKey = keyof typeof MSG;

/** The API helper's last resort when the answer has no message (spec §8). */
export const apiErrorMessage = (status: number): string => `API error: ${status}`;
/** Login lockout (spec silent; our wording): 'Too many failed login attempts. Please try again in 15 minutes.' */
export const tooManyLoginAttempts = (minutes: number): string =>
  `Too many failed login attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
export const loadQuotesFailed = (reason: string): string => `Failed to load quotes: ${reason}`;
export const fieldTooLong = (label: string, max: number): string =>
  `${label} must be at most ${max} characters`;

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

/** Fixed page text of spec §2 that the dashboard and the quote page show. */
export const TEXT = {
  productName: "DealDesk",
  welcome: (firstName: string): string => `Welcome, ${firstName}!`,
  activeQuotes: "Active Quotes",
  showExpired: "Show expired",
  searchPlaceholder: "Search by vehicle or customer name",
  createNewQuote: "Create New Quote",
  createQuote: "Create Quote",
  creating: "Creating...",
  loadingQuotes: "Loading quotes...",
  noQuotesMatch: "No quotes match your search.",
  noQuotesYet: "You don't have any quotes yet.",
  tryAgain: "Try Again",
  expired: "Expired",
  deleteQuoteTitle: "Delete Quote",
  deleteQuoteConfirm: "Are you sure you want to delete this quote? This action cannot be undone.",
  cancel: "Cancel",
  delete: "Delete",
  close: "Close",
  save: "Save",
  loading: "Loading...",
  quoteDetails: "Quote Details",
  viewOnDealerWebsite: "View on dealer website",
  noColor: "No color",
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
  settingsIntro:
    "Manage your dealer profile and quote defaults. Select a category from the menu to get started.",
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
} as const;

/** The dashboard table's columns (spec §2). */
export const QUOTE_COLUMNS = {
  vehicle: "Vehicle",
  customer: "Customer",
  created: "Created",
  expires: "Expires",
  actions: "Actions",
} as const;

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
} as const;

/** The quote page (spec §2): the words of the controls it names, and its own fixed text. */
export const QUOTE_TEXT = {
  share: "Share",
  editVehicle: "Edit vehicle",
  editVehicleTitle: "Edit Vehicle",
  closeQuote: "Close quote",
  quoteActions: "Quote actions",
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
  counterOffer: (version: number): string =>
    `The dealership answered with a counter-offer: version ${version}. If it works for you, tap "I want this deal".`,
  viewSheet: "View the deal sheet",
  youAccepted: (version: number): string =>
    `You accepted version ${version}. The dealership will be in touch; the deal stays as accepted until they reopen it.`,
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
  fromMonthly: (amount: string): string => `from ${amount}/mo`,
  fromMonthlyDetail: (tier: string, term: number): string => `${tier} credit, ${term} months`,
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
  offlineBanner: "Offline — your changes are saved on this phone and will sync when you reconnect",
  shopperTitle: (vehicle: string, dealership: string): string => `${vehicle} quote · ${dealership}`.trim(),
} as const;
