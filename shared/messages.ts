// Every user-facing message of the product lives here (spec §2, §5, §8), so
// that the React forms, the Hono routes and the live-document guard show the
// same words. Never write one of these strings anywhere else; import it.
// The words of the pages (TEXT, QUOTE_TEXT, ...) and CORE_MSG are in page-text.ts and re-exported
// here: the shopper's quote page imports them from there and never downloads MSG (decision 008).

import {
  MAX_AMOUNT,
  MAX_TEXT_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUOTE_RATE_MAX,
} from "./constants";
import { formatDollars } from "./money";

export * from "./page-text";

const MAX_AMOUNT_TEXT = formatDollars(MAX_AMOUNT);

/** Every message but CORE_MSG's (page-text.ts). */
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
  // Issue #34: an empty settings field says it is required, not that its value is out of range.
  amountRequired: "Amount is required",
  rateRequired: "Rate is required",

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
  // Issue #38: POST /api/calculate/solve and the deal economics.
  solveIndexInvalid: "Choose one of the body's options of that structure",
  monthlyPaymentRequired: "Enter a monthly payment above $0.00",
  participationInvalid: "Participation must be between 0 and 100%",
  // Issue #49: how a lender pays reserve; solve answers a desk can quote.
  reserveMethodInvalid: "Choose a share of the markup, a flat amount or a percent of the amount financed",
  reservePercentInvalid: "Percent of the amount financed must be between 0 and 100%",
  reserveFlatRequired: "Enter the flat amount the lender pays",
  reservePercentRequired: "Enter the percent of the amount financed the lender pays",
  maxMarkupInvalid: `Markup cap must be between 0 and ${QUOTE_RATE_MAX} points`,
  solveRoundingInvalid: "Round to the cent, $1, $10, $50 or $100",
  noteTooLong: "Keep the note to 280 characters",
  grossVisibilityOwnerOnly: "Only the owner can change whether salespeople see gross",
  tradeInCapRequired: "A capped trade-in credit needs a cap amount",
  optionInvalid: "Please choose one of the listed options",
  tooManyItems: "Too many items in this list",
  leaseTermInvalid: "Lease term must be 24, 27, 36, 39, 42 or 48 months",
  threeValues: "Enter three values",
  termsDistinct: "Choose three different terms",
  downsDistinct: "Enter three different cash downs",
  oneStructureShown: "Show the shopper at least one of cash, finance and lease",

  // Errors and banners, spec §8.
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
  tooManyRequests: "Too many requests. Please try again later.",
  plainTextOnly: "Only letters, numbers, spaces and punctuation are allowed",
  storageUnavailable:
    "DealDesk cannot reach its database right now. Nothing was changed; please try again in a moment.",
  storageNotWritable:
    "DealDesk cannot save right now: its storage is full or read-only. Nothing was changed; please try again in a moment.",

  // Versions and acceptance (#19).
  versionsImmutable: "Versions cannot be changed",
  versionNotFound: "Version not found",
  dealAccepted: (summary: string): string => `The customer accepted ${summary}`,
  dealLocked: "This deal was accepted and is locked until the dealer reopens it",
  dealNotLocked: "This deal is not locked",
  // The deal's lifecycle on every socket (#33).
  optionNoLongerOffered: "This option is no longer offered",
  /** Issue #46: an acceptance (or a counter-offer) names the fingerprint of the deal it saw. */
  fingerprintRequired: "Fingerprint is required: name the deal as you saw it",
  dealChanged: "The deal changed while you were reviewing it",

  // Dealership teams (#20).
  registrationClosed:
    "Registration is closed on this server. Ask your dealership's owner to send you an invitation.",
  invitationInvalid: "This invitation link is invalid, has expired or was already used",
  invitationSent: (email: string): string => `Invitation sent to ${email}`,
  invitationWrittenToOutbox: (email: string, file: string): string =>
    `No mail server is set up (SMTP_URL), so nothing was sent to ${email}: the invitation was written to ${file} on the server. Copy the invitation link and give it to them yourself.`,
  copyInvitationLink: "Copy invitation link",
  invitationLinkCopied: "Invitation link copied",
  invitationLinkCopyFailed: "Copying did not work here: select the link above and copy it.",
  invitationLinkLabel: "Invitation link",
  tooManyInvitations: (hours: number): string =>
    `Too many invitations today. Please try again in ${hours} hour${hours === 1 ? "" : "s"}.`,
  invitationMailFailed: (reason: string): string =>
    `The invitation email could not be sent (${reason}), so no invitation was kept. Check the mail settings (SMTP_URL) and try again.`,
  invitationNotFound: "Invitation not found",
  invitationRevoked: "Invitation revoked",
  pendingInvitations: "Pending invitations",
  noPendingInvitations: "No pending invitations.",
  revokeInvitation: "Revoke",
  resendInvitation: "Resend",
  invitationExpires: "Expires",
  invitedBy: "Invited by",
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
  /** The invitation page's opening line (#51): what the link joins, before any password is asked. */
  invitationJoins: (dealership: string, role: string, email: string): string =>
    `You are invited to join ${dealership || "a dealership"} as a ${role}, with the email ${email}.`,
  invitationFrom: (name: string): string => `Invited by ${name}.`,
  joinDealership: "Join",
} as const;

export type MessageKey = keyof typeof MSG;
