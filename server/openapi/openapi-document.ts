import { z } from "zod";
import { OPERATIONS, type Operation } from "./operations";
import { errorSchema } from "./schemas";

// Issue #39: GET /api/openapi.json, an OpenAPI 3.1 description of every /api operation, built from
// the zod schemas the routes validate with (zod 4's own JSON Schema output, draft 2020-12, which
// is OpenAPI 3.1's schema dialect). Request bodies are described as the client sends them (the
// schemas' input side); answers as the server sends them.

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  202: "Accepted: queued",
  204: "No content",
  400: "The body or a parameter is invalid: `message`, and `errors` per field",
  401: "No valid bearer token",
  403: "The member's role may not do this",
  404: "Not found (another dealership's resources do not exist)",
  405: "Not allowed",
  409: "Conflict",
  410: "Gone (the quote expired)",
  413: "Body larger than 1 MiB",
  415: "The body must be application/json",
  429: "Too many requests (`Retry-After`)",
  502: "The mail could not be sent",
  503: "Storage unavailable (`Retry-After`)",
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    reused: "inline",
  }) as JsonSchema;
  const { $schema: _drop, ...rest } = out;
  return rest;
}

const errorRef = { $ref: "#/components/schemas/Error" };

function responsesOf(op: Operation): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [code, schema] of Object.entries(op.responses)) {
    const status = Number(code);
    const description = STATUS_TEXT[status] ?? String(status);
    if (schema === "csv")
      responses[code] = { description, content: { "text/csv": { schema: { type: "string" } } } };
    else if (schema === "text")
      responses[code] = { description, content: { "text/plain": { schema: { type: "string" } } } };
    else if (schema === null)
      responses[code] =
        status >= 400
          ? { description, content: { "application/json": { schema: errorRef } } }
          : { description };
    else
      responses[code] = {
        description,
        content: { "application/json": { schema: jsonSchema(schema, "output") } },
      };
  }
  // Every JSON operation can answer these (body limit, media type, storage).
  if (op.body)
    responses["415"] ??= {
      description: STATUS_TEXT[415],
      content: { "application/json": { schema: errorRef } },
    };
  responses["503"] ??= {
    description: STATUS_TEXT[503],
    content: { "application/json": { schema: errorRef } },
  };
  return responses;
}

export function openApiDocument(appUrl: string, version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const parameters = [
      ...[...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
        name,
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      ...Object.entries(op.query ?? {}).map(([name, [required, description]]) => ({
        name,
        in: "query",
        required,
        description,
        schema: { type: "string" },
      })),
    ];
    const security =
      op.auth === "bearer" ? [{ bearerAuth: [] }] : op.auth === "optional" ? [{}, { bearerAuth: [] }] : [];
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = {
      operationId: `${op.method}${op.path.replace(/[{}]/g, "").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c: string) => (c ?? "").toUpperCase())}`,
      summary: op.summary,
      tags: [op.tag],
      security,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchema(op.body, "input") } },
            },
          }
        : {}),
      responses: responsesOf(op),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "DealDesk API",
      version,
      description:
        "The REST API of a DealDesk server. Authenticated calls send `Authorization: Bearer <token>` (the token from /auth/login or /auth/register; tokens expire after 7 days). Bodies are JSON (`Content-Type: application/json`, at most 1 MiB). Errors answer `{ message, errors? }`.",
    },
    servers: [{ url: `${appUrl}/api` }],
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: { Error: jsonSchema(errorSchema, "output") },
    },
    paths,
  };
}
