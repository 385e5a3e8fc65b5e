// The deal sheet's strings (issue #19): the sheet page, its PDF and their tests. Apart from
// messages.ts so that they travel with the sheet's own chunk and the server's PDF writer.

const KIND_WORDS: Record<string, string> = {
  saved: "Saved",
  accepted: "Accepted by the customer",
  counter: "Counter-offer",
};

export const SHEET_TEXT = {
  title: "Deal sheet",
  pageTitle: (vehicle: string): string => `Deal sheet · ${vehicle}`,
  currentDeal: "Current deal",
  currentDealDetail: (date: string): string => `Not a saved version. Printed ${date}.`,
  versionHeading: (n: number, kind: string | null): string =>
    `Version ${n}${kind && KIND_WORDS[kind] ? ` · ${KIND_WORDS[kind]}` : ""}`,
  savedAt: (date: string): string => `Saved ${date}.`,
  fingerprint: "Fingerprint",
  consultant: (name: string): string => `Sales consultant: ${name}`,
  customer: "Customer",
  acceptedBy: "Accepted by",
  vehicle: "Vehicle",
  new: "New",
  used: "Used",
  vin: (vin: string): string => `VIN ${vin}`,
  stock: (stock: string): string => `Stock # ${stock}`,
  breakdown: "Price breakdown",
  selected: "Selected",
  cashChoice: (outTheDoor: string): string => `Cash: ${outTheDoor} out the door`,
  notOnGrid: "no longer on the payment grid",
  notOffered: "Not available",
  /** Issue #46: the deal's own down payment, as an extra row of the grid when it is not one of its rows. */
  yourDown: (down: string): string => `Your down payment: ${down}`,
  payments: "Payment options",
  down: "Down",
  financeTitle: (tier: string): string => `Finance, monthly payment (${tier} credit)`,
  aprs: (list: string): string => `APR: ${list}.`,
  leaseTitle: (tier: string): string => `Lease, monthly payment (${tier} credit)`,
  leaseDueTitle: "Lease, due at signing",
  moneyFactor: (factor: string): string => `Money factor ${factor}.`,
  residuals: (list: string): string => `Residual (% of MSRP): ${list}.`,
  disclosures: "Disclosures",
  // Issue #46/#49: the Truth-in-Lending box of a finance sheet (Regulation Z, 12 CFR 1026.18, model form H-1).
  truthInLending: "Truth in Lending disclosures",
  annualPercentageRate: "Annual percentage rate",
  aprNote: "The cost of your credit as a yearly rate.",
  financeCharge: "Finance charge",
  financeChargeNote: "The dollar amount the credit will cost you.",
  amountFinanced: "Amount financed",
  amountFinancedNote: "The amount of credit provided to you or on your behalf.",
  totalOfPayments: "Total of payments",
  totalOfPaymentsNote: "The amount you will have paid after you have made all payments as scheduled.",
  schedule: (count: number, payment: string): string =>
    `Payment schedule: ${count} monthly payments of ${payment}.`,
  scheduleWithFinal: (count: number, payment: string, final: string): string =>
    `Payment schedule: ${count} monthly payments of ${payment} and a final payment of ${final}.`,
  ratesDisclosure:
    "Rates and payments are estimates subject to credit approval by the lender; the final terms are in the retail installment contract.",
  leaseDisclosure:
    "Lease figures are not an annual percentage rate (APR): a lease is priced by its money factor, and its payments include tax where shown.",
  taxDisclosure:
    "Taxes and government fees are estimated from the dealership's rates and may change at registration.",
  signatures: "Signatures",
  customerSignature: "Customer",
  consultantSignature: "Sales consultant",
  managerSignature: "Sales manager",
  signatureDate: "Date",
  print: "Print",
  downloadPdf: "Download PDF",
  backToQuote: "Back to the quote",
  openSheet: "Deal sheet",
  sheetOfVersion: (n: number): string => `Deal sheet of version ${n}`,
  loadFailed: "The deal sheet could not be loaded. Please try again.",
  pdfFailed: "The PDF could not be downloaded. Please try again.",
  dealerCopy: "Dealer's copy",
  customerCopy: "Customer's copy",
} as const;
