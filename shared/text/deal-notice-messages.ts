// The quote page's deal-state notices (issue #19: accepted, counter-offer; issue #14: dealer
// preview). Apart from messages.ts: they travel with their own small chunk, which the shopper's
// phone fetches only when one of them shows.

export const DEAL_NOTICE_TEXT = {
  youAccepted: (version: number): string =>
    `You accepted version ${version}. The dealership will be in touch; the deal stays as accepted until they reopen it.`,
  counterOffer: (version: number): string =>
    `The dealership answered with a counter-offer: version ${version}. If it works for you, tap "I want this deal".`,
  viewSheet: "View the deal sheet",
  dealerPreview:
    "Dealer preview: this is the page your customer sees. Your visit does not count as the customer looking.",
  openAsDealer: "Open the dealer view",
} as const;
