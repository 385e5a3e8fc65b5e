import { CORE_MSG } from "@shared/text/page-text";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";

export type FieldError = { field: string; message: string };

/** An error the API answers with its own status and message, as spec §8's API helper reads it. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly errors?: FieldError[],
    /** More of the answer's body beside `message` (e.g. a 409's deal as it now stands). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new ApiError(400, message, errors);
export const unauthorized = (message: string = CORE_MSG.authenticationRequired) => new ApiError(401, message);
export const forbidden = (message = "Forbidden") => new ApiError(403, message);
export const notFound = (message = "Not found") => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

export function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    // An unknown key is named itself, so the caller sees which field to drop.
    if (issue.code === "unrecognized_keys")
      return issue.keys.map((key) => ({ field: [...at, key].join("."), message: issue.message }));
    return [{ field: at.join(".") || "body", message: issue.message }];
  });
}

/** 400 with one message per field; the top-level message repeats them so a plain client still reads them. */
export function validationError(errors: FieldError[]): ApiError {
  const unique = [...new Set(errors.map((e) => e.message))];
  return new ApiError(400, unique.join(", ") || "Invalid request", errors);
}

export function errorBody(error: ApiError): { message: string; errors?: FieldError[] } {
  const body = error.errors ? { message: error.message, errors: error.errors } : { message: error.message };
  return error.extra ? { ...error.extra, ...body } : body;
}
