// A file from the API (a CSV export, an import report) fetched with the session's token and handed
// to the browser as a download: a plain link cannot carry the bearer token.

import type { ApiErrorBody } from "@shared/core/api-types";
import { ApiError, errorMessageFrom, getStoredToken } from "./api";

/** Fetches `/api{path}` with the session's token and saves it under the server's file name (else `fallbackName`). */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const token = getStoredToken();
  const res = await fetch(`/api${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(
      errorMessageFrom(res.status, body),
      res.status,
      (body ?? undefined) as ApiErrorBody | undefined,
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
