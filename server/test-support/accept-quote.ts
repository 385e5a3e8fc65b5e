import type { PresentedDeal } from "@shared/deal/presented-deal";

// Issue #46: an acceptance names the fingerprint of the deal the shopper saw. A test accepts the
// way the shopper's page does: it reads the deal as GET /api/quotes/:id presents it (`selected`,
// `fingerprint`) and sends that fingerprint with the acceptance.

/** A JSON request: LiveHarness.api and TestApp.call both fit. */
export type ApiCall = (method: string, url: string, body?: unknown, token?: string) => Promise<Response>;

export type ShownDeal = { selected: PresentedDeal; fingerprint: string };

/** The deal as GET /api/quotes/:id presents it (the shopper's answer, or the dealer's with a token). */
export async function shownDeal(call: ApiCall, id: string, token?: string): Promise<ShownDeal> {
  const res = await call("GET", `/api/quotes/${id}`, undefined, token);
  if (res.status !== 200) throw new Error(`GET /api/quotes/${id}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as Partial<ShownDeal>;
  if (!body.selected || typeof body.fingerprint !== "string")
    throw new Error(`GET /api/quotes/${id} answered no selected deal and fingerprint`);
  return { selected: body.selected, fingerprint: body.fingerprint };
}

/**
 * POST /api/quotes/:id/accept with the fingerprint GET /api/quotes/:id answers now, as the
 * shopper's page sends it. `body` is the rest of the acceptance ({ name, phone, email, structure }).
 */
export async function acceptAsShown(
  call: ApiCall,
  id: string,
  body: Record<string, unknown>,
): Promise<Response> {
  const { fingerprint } = await shownDeal(call, id);
  return call("POST", `/api/quotes/${id}/accept`, { ...body, fingerprint });
}
