// The dashboard's and the settings home's words, apart from page-text.ts so that the shopper's
// quote page (which reads TEXT) never carries them (its opening JavaScript budget, decision 008).

export const DASHBOARD_TEXT = {
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
  deleteQuoteTitle: "Delete Quote",
  deleteQuoteConfirm: "Are you sure you want to delete this quote? This action cannot be undone.",
  settingsIntro:
    "Manage your dealer profile and quote defaults. Select a category from the menu to get started.",
} as const;
