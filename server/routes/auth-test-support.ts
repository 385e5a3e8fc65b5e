// Helpers for the /api/auth tests: dealers registered through the real API.
import type { AuthResponse, PublicUser } from "@shared/api-types";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../db/schema";
import type { TestApp } from "../testing/test-app";

export const PASSWORD = "correct horse battery";
let counter = 0;

export type Registered = AuthResponse & { email: string; password: string };

export async function register(t: TestApp, overrides: Record<string, unknown> = {}): Promise<Registered> {
  counter += 1;
  const body = {
    email: `dealer${counter}@example.com`,
    password: PASSWORD,
    firstName: "Dana",
    lastName: "Whitfield",
    ...overrides,
  };
  const res = await t.call("POST", "/api/auth/register", body);
  expect(res.status, await res.clone().text()).toBe(201);
  const auth = (await res.json()) as AuthResponse;
  return { ...auth, email: auth.user.email, password: String(body.password) };
}

export async function login(t: TestApp, email: string, password: string): Promise<Response> {
  return t.call("POST", "/api/auth/login", { email, password });
}

export async function me(t: TestApp, token: string): Promise<Response> {
  return t.call("GET", "/api/auth/me", undefined, token);
}

export const userRow = (t: TestApp, id: string) => t.db.select().from(users).where(eq(users.id, id)).get();
export const allUsers = (t: TestApp) => t.db.select().from(users).all();

/** A 400's field errors as {field: message}. */
export async function fieldErrorsOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { errors?: { field: string; message: string }[] };
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
}

export async function userOf(res: Response): Promise<PublicUser> {
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { user: PublicUser }).user;
}
