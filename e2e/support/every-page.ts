// Every page of the app, for the passes that visit them all (screens.spec.ts: axe and the kept
// screenshots; layout.spec.ts: clipped text, overflow out of cards, the dashboard's layout shift).

export type Screen = {
  name: string;
  path: (quoteId: string) => string;
  signedIn: boolean;
  /** Kept as screenshots. */
  key?: boolean;
  /** A quote page: wait for the live connection. */
  live?: boolean;
};

/** The two sizes (#51): a phone and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export const SCREENS: Screen[] = [
  { name: "landing", path: () => "/", signedIn: false, key: true },
  { name: "login", path: () => "/login", signedIn: false },
  { name: "register", path: () => "/register", signedIn: false, key: true },
  { name: "forgot-password", path: () => "/forgot-password", signedIn: false },
  { name: "reset-password", path: () => "/reset-password?token=nope", signedIn: false },
  { name: "accept-invitation", path: () => "/accept-invitation?token=nope", signedIn: false },
  { name: "shopper-quote", path: (id) => `/quote/${id}`, signedIn: false, key: true, live: true },
  { name: "deal-sheet", path: (id) => `/quote/${id}/sheet`, signedIn: false, key: true },
  { name: "dashboard", path: () => "/dashboard", signedIn: true, key: true },
  { name: "new-quote", path: () => "/quote/new", signedIn: true },
  { name: "analytics", path: () => "/analytics", signedIn: true },
  { name: "inventory", path: () => "/inventory", signedIn: true },
  { name: "dealer-quote", path: (id) => `/quote/${id}?view=dealer`, signedIn: true, key: true, live: true },
  { name: "settings", path: () => "/settings", signedIn: true },
  { name: "account", path: () => "/settings/account", signedIn: true },
  { name: "dealership", path: () => "/settings/contact-information", signedIn: true },
  { name: "team", path: () => "/settings/team", signedIn: true },
  { name: "integrations", path: () => "/settings/integrations", signedIn: true },
  { name: "add-ons", path: () => "/settings/quote-defaults/add-ons", signedIn: true },
  { name: "taxes", path: () => "/settings/quote-defaults/taxes", signedIn: true, key: true },
  { name: "dealer-fees", path: () => "/settings/quote-defaults/dealer-fees", signedIn: true },
  { name: "government-fees", path: () => "/settings/quote-defaults/government-fees", signedIn: true },
  { name: "interest-rates", path: () => "/settings/quote-defaults/interest-rates", signedIn: true },
  { name: "tax-rules", path: () => "/settings/quote-defaults/tax-rules", signedIn: true },
  { name: "payment-options", path: () => "/settings/quote-defaults/payment-options", signedIn: true },
  { name: "desk-gross", path: () => "/settings/quote-defaults/desk-gross", signedIn: true },
];
