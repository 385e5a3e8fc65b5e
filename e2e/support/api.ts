import type { APIRequestContext, Page } from "@playwright/test";
import type { AuthResponse } from "../../shared/core/api-types";

let counter = 0;

export type DealerAccount = AuthResponse & { email: string; password: string };

/** Registers a new dealer through the real API (unique email per call). */
export async function registerDealerViaApi(
  request: APIRequestContext,
  overrides: Record<string, string> = {},
): Promise<DealerAccount> {
  counter += 1;
  const email = `dealer-${Date.now()}-${process.pid}-${counter}@example.com`;
  const password = "correct horse battery";
  const body = {
    email,
    password,
    firstName: "Dana",
    lastName: "Whitfield",
    dealershipName: "Example Motors",
    ...overrides,
  };
  const res = await request.post("/api/auth/register", { data: body });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const auth = (await res.json()) as AuthResponse;
  return { ...auth, email: body.email, password: body.password };
}

/** Opens the app signed in as `account` (the token in localStorage, as the app keeps it). */
export async function signInAs(page: Page, account: Pick<AuthResponse, "token">): Promise<void> {
  await page.addInitScript((token) => {
    if (!window.sessionStorage.getItem("e2e-signed-in")) {
      window.localStorage.setItem("token", token);
      window.sessionStorage.setItem("e2e-signed-in", "1");
    }
  }, account.token);
}

export type NewQuote = {
  vehicle: {
    description: string;
    color?: string;
    mileage: number;
    stockNumber?: string;
    advertisedUrl?: string;
    /** Issue #34: new or used (default: used above 1,000 miles) and the MSRP a lease needs. */
    isNew?: boolean;
    msrp?: number;
  };
  pricing: { advertisedPrice: number; discount?: number };
};

/** Creates a quote through the real API and returns its id. */
export async function createQuoteViaApi(
  request: APIRequestContext,
  account: Pick<AuthResponse, "token">,
  quote: Partial<NewQuote> = {},
): Promise<string> {
  const data: NewQuote = {
    vehicle: {
      description: "2024 Honda Accord EX-L",
      color: "Blue",
      mileage: 12,
      stockNumber: "A1234",
      ...quote.vehicle,
    },
    pricing: { advertisedPrice: 32000, discount: 0, ...quote.pricing },
  };
  const res = await request.post("/api/quotes", {
    data,
    headers: { Authorization: `Bearer ${account.token}` },
  });
  if (!res.ok()) throw new Error(`create quote failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

export function authHeaders(account: Pick<AuthResponse, "token">): Record<string, string> {
  return { Authorization: `Bearer ${account.token}` };
}

/**
 * A member of the owner's dealership: invited through the real API and accepted from the
 * invitation's link (the e2e server has no SMTP_URL, so the answer hands the link over).
 */
export async function addMemberViaApi(
  request: APIRequestContext,
  owner: Pick<AuthResponse, "token">,
  member: { role: "salesperson" | "manager"; firstName: string; lastName: string },
): Promise<DealerAccount> {
  counter += 1;
  const email = `member-${Date.now()}-${process.pid}-${counter}@example.com`;
  const password = "correct horse battery";
  const invited = await request.post("/api/team/invitations", {
    data: { email, role: member.role },
    headers: authHeaders(owner),
  });
  if (!invited.ok()) throw new Error(`invitation failed: ${invited.status()} ${await invited.text()}`);
  const { link } = (await invited.json()) as { link: string };
  const token = new URL(link).searchParams.get("token");
  const accepted = await request.post("/api/auth/accept-invitation", {
    data: { token, firstName: member.firstName, lastName: member.lastName, password },
  });
  if (!accepted.ok()) throw new Error(`accepting failed: ${accepted.status()} ${await accepted.text()}`);
  return { ...((await accepted.json()) as AuthResponse), email, password };
}
