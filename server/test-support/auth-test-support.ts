// Helpers for the /api/auth tests: dealers registered through the real API.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { AuthResponse, PublicUser } from "@shared/core/api-types";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { users } from "../db/schema";
import { readMail } from "./read-mail";
import type { TestApp } from "./test-app";

export const PASSWORD = "correct horse battery";
let counter = 0;

type Registered = AuthResponse & { email: string; password: string };

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

/** The token of the newest invitation mailed to `email` (the outbox in the app's data dir). */
export async function invitationTokenFor(t: TestApp, email: string): Promise<string> {
  const dir = path.join(t.dataDir, "outbox");
  for (let i = 0; i < 200; i += 1) {
    const files = existsSync(dir) ? readdirSync(dir).sort() : [];
    for (const f of files) {
      const mail = readMail(readFileSync(path.join(dir, f), "utf8"));
      if (mail.to.includes(email)) {
        const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
        if (token) return token;
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no invitation mail to ${email}`);
}

/** A member joins the owner's team through a real invitation (the mail in the outbox). */
export async function joinTeam(
  t: TestApp,
  ownerToken: string,
  email: string,
  role: "manager" | "salesperson",
  firstName = "Sam",
): Promise<AuthResponse> {
  const res = await t.call("POST", "/api/team/invitations", { email, role }, ownerToken);
  expect(res.status, await res.clone().text()).toBe(201);
  const token = await invitationTokenFor(t, email);
  const accepted = await t.call("POST", "/api/auth/accept-invitation", {
    token,
    firstName,
    lastName: "Lane",
    password: PASSWORD,
  });
  expect(accepted.status, await accepted.clone().text()).toBe(201);
  return (await accepted.json()) as AuthResponse;
}
