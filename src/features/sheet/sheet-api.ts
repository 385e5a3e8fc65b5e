// The deal sheet's calls (issue #19): the sheet of the current deal or of a stored version, and its
// PDF. ?view=dealer sends the dealer's token for the dealer's copy (with the customer).
import type { DealSheet } from "@shared/deal/deal-sheet";
import { apiRequest, getStoredToken } from "@/lib/api";

export type SheetAnswer = { copy: "dealer" | "shopper"; sheet: DealSheet };

/** Which sheet: the quote, a stored version of it (n), and whose copy. */
type SheetRequest = { id: string; n: string | undefined; dealerMode: boolean };

const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/** The sheet's dates are written in the browser's time zone. */
const zoneQuery = (): string => {
  const zone = browserTimeZone();
  return zone ? `?tz=${encodeURIComponent(zone)}` : "";
};

const sheetPath = ({ id, n }: SheetRequest) =>
  `/quotes/${encodeURIComponent(id)}${n ? `/versions/${encodeURIComponent(n)}` : ""}/sheet`;

export const loadSheet = (request: SheetRequest, signal: AbortSignal) =>
  apiRequest<SheetAnswer>(`${sheetPath(request)}${zoneQuery()}`, { auth: request.dealerMode, signal });

/** The PDF is fetched (not linked) so that the dealer's copy can carry the token. */
export async function fetchSheetPdf(request: SheetRequest): Promise<Blob> {
  const token = request.dealerMode ? getStoredToken() : null;
  const pdfUrl = `/quote${sheetPath(request).slice("/quotes".length)}.pdf${zoneQuery()}`;
  const response = await fetch(pdfUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`PDF ${response.status}`);
  return response.blob();
}
