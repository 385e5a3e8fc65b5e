import type { ApiErrorBody } from "@shared/core/api-types";
import { apiErrorMessage, CORE_MSG } from "@shared/text/page-text";

const TOKEN_STORAGE_KEY = "token";

export function getStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

export function clearStoredToken(): void {
  window.localStorage.removeItem(TOKEN_STORAGE_KEY);
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: ApiErrorBody,
  ) {
    super(message);
  }
}

/** The message spec §8 shows for a failed answer: the errors list joined with commas, the body's message, or the status. */
export function errorMessageFrom(status: number, body: unknown): string {
  const b = (body ?? {}) as ApiErrorBody;
  if (Array.isArray(b.errors) && b.errors.length > 0) {
    const messages = b.errors.map((e) => e?.msg ?? e?.message).filter((m): m is string => Boolean(m));
    if (messages.length > 0) return messages.join(", ");
  }
  if (typeof b.message === "string" && b.message) return b.message;
  return apiErrorMessage(status);
}

/** The live channel refused a change: its field messages are the user's to read (issue #14). */
export class RefusalError extends Error {
  constructor(readonly errors: readonly { field?: string; message: string }[]) {
    super(errors.map((e) => e.message).join(", "));
  }
}

/**
 * What the user is shown for a failed call: the server's own words when it sent some (a refusal,
 * a field error, "Authentication required"), or the live channel's refusal, else the screen's
 * fallback from spec §8 (network down, a bare 502 from a proxy). The one error path of every
 * form, banner and notice.
 */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof RefusalError) return error.message || fallback;
  if (!(error instanceof ApiError)) return fallback;
  if (error.message === CORE_MSG.authenticationRequired) return error.message;
  const body = error.body;
  return body && (body.message || (body.errors && body.errors.length > 0)) ? error.message : fallback;
}

type RequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Authenticated calls refuse to go out without a stored token. */
  auth?: boolean;
  /** Send the token when there is one, without requiring it. */
  optionalAuth?: boolean;
  signal?: AbortSignal;
};

/** Calls {origin}/api{path} with JSON, as spec §7 says. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, auth = false, optionalAuth = false, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = getStoredToken();
  if (auth && !token) throw new ApiError(CORE_MSG.authenticationRequired, 401);
  if ((auth || optionalAuth) && token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";

  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    throw new ApiError(errorMessageFrom(response.status, parsed), response.status, parsed as ApiErrorBody);
  }
  return parsed as T;
}
