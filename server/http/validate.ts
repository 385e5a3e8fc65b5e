import type { Context } from "hono";
import type { z } from "zod";
import { ApiError, badRequest, validationError, zodFieldErrors } from "../errors";

export const JSON_REQUIRED = "Request body must be sent as application/json";

/**
 * Reads a JSON body and parses it with a shared zod schema; bad JSON and bad fields answer 400.
 * Only `application/json` is read (415 otherwise): a cross-site form can send text/plain without
 * a preflight, never application/json.
 */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const mediaType = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json") throw new ApiError(415, JSON_REQUIRED);
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  return parseBody(schema, body);
}

/**
 * An optional JSON body: none (or an empty one) reads as `{}`, so that calls made before the body
 * existed keep working; a body that is there must be JSON and parse.
 */
export async function parseOptionalJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  if (text.trim() === "") return parseBody(schema, {});
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  return parseBody(schema, body);
}

/** A body already read, parsed with a shared zod schema; bad fields answer 400. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
}
