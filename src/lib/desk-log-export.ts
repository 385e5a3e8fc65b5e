// GET /api/quotes/export.csv (issue #40) with the session's token, handed to the browser as a
// download: the dashboard's desk log and the Analytics page both offer it to owners and managers.

import type { ApiErrorBody } from "@shared/api-types";
import { ApiError, errorMessageFrom, getStoredToken } from "./api";

/** Fetches the CSV with the session's token and hands it to the browser as a download. */
export async function downloadDeskLog(params: URLSearchParams): Promise<void> {
  const token = getStoredToken();
  const res = await fetch(`/api/quotes/export.csv?${params}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(
      errorMessageFrom(res.status, body),
      res.status,
      (body ?? undefined) as ApiErrorBody | undefined,
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "desk-log.csv";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
