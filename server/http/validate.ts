import type { Context } from "hono";
import type { z } from "zod";
import { badRequest, validationError, zodFieldErrors } from "./errors";

/** Reads a JSON body and parses it with a shared zod schema; bad JSON and bad fields answer 400. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(zodFieldErrors(result.error));
  return result.data;
}
