import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { JSON_REQUIRED } from "./validate";

let t: TestApp;
afterEach(async () => {
  await t.cleanup();
});

const registration = JSON.stringify({
  email: "form-post@example.com",
  password: "a long enough password 1",
  firstName: "Ann",
  lastName: "Dealer",
  dealershipName: "Example Motors",
});

describe("JSON bodies", () => {
  it("answers 415 to a body sent as text/plain or a form, and registers nobody", async () => {
    t = createTestApp();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await t.app.request("/api/auth/register", {
        method: "POST",
        headers: { "Content-Type": type },
        body: registration,
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({ message: JSON_REQUIRED });
    }
    const noType = await t.app.request("/api/auth/register", { method: "POST", body: registration });
    expect(noType.status).toBe(415);
    const login = await t.app.request("/api/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8" },
      body: JSON.stringify({ email: "form-post@example.com", password: "a long enough password 1" }),
    });
    expect(login.status).toBe(401);
  });
});
