import { MSG } from "@shared/text/messages";
import { validateRegister } from "@shared/validation/register";
import { afterEach, describe, expect, it } from "vitest";
import { defaultAddons, users } from "../db/schema";
import { acceptAsShown } from "../test-support/accept-quote";
import { PASSWORD, register } from "../test-support/auth-test-support";
import { createTestApp, type TestApp } from "../test-support/test-app";

// Issue #35, finding 5: names and descriptions refuse control characters (Unicode Cc) and bidi
// overrides with one message, in the forms' validators and in every API that stores them, and
// nothing is stored.

let t: TestApp;
afterEach(async () => t?.cleanup());

/** The name: an OSC title, a bell, a screen clear, a colour, a carriage return, a NUL. */
const HOSTILE = "Eve\u001b]0;pwned\u0007\u001b[2J\u001b[31mRED\rAdmin\u0000";
const HOSTILES = [HOSTILE, "Tab\there", "Line\nbreak", "\u202eevil", "iso\u2066late\u2069", "del\u007f"];

async function refused(res: Response, field: string) {
  expect(res.status, await res.clone().text()).toBe(400);
  const body = (await res.json()) as { errors?: { field: string; message: string }[] };
  expect(body.errors).toContainEqual({ field, message: MSG.plainTextOnly });
}

describe("control characters in names and descriptions", () => {
  it("the register form's validator and the API say the same, and no account is created", async () => {
    t = createTestApp();
    for (const firstName of HOSTILES) {
      expect(
        validateRegister({
          email: "eve@example.com",
          password: PASSWORD,
          confirmPassword: PASSWORD,
          firstName,
          lastName: "Lane",
        }).firstName,
      ).toBe(MSG.plainTextOnly);
      const res = await t.call("POST", "/api/auth/register", {
        email: "eve@example.com",
        password: PASSWORD,
        firstName,
        lastName: "Lane",
      });
      await refused(res, "firstName");
    }
    await refused(
      await t.call("POST", "/api/auth/register", {
        email: "eve@example.com",
        password: PASSWORD,
        firstName: "Eve",
        lastName: "Lane",
        dealershipName: "Your bank\u202e",
      }),
      "dealershipName",
    );
    expect(t.db.select().from(users).all()).toEqual([]);
  });

  it("account, dealership profile, add-ons, fees, taxes and vehicles refuse them; ordinary accents and punctuation pass", async () => {
    t = createTestApp();
    const dealer = await register(t, { firstName: "Zoë", lastName: "O'Brien-Łukasz" });
    const { token } = dealer;
    await refused(
      await t.call("PUT", "/api/auth/account", { firstName: HOSTILE, lastName: "X" }, token),
      "firstName",
    );
    await refused(
      await t.call(
        "PUT",
        "/api/auth/profile",
        { dealershipName: "Lee\u001b[2J Motors", phoneNumber: "5551234567" },
        token,
      ),
      "dealershipName",
    );
    await refused(
      await t.call(
        "POST",
        "/api/dealer-defaults/addons",
        { name: HOSTILE, description: "", price: 10 },
        token,
      ),
      "name",
    );
    await refused(
      await t.call(
        "POST",
        "/api/dealer-defaults/addons",
        { name: "Tint", description: "dark\u202e", price: 10 },
        token,
      ),
      "description",
    );
    await refused(
      await t.call(
        "POST",
        "/api/dealer-defaults/dealer-fees",
        { name: "Doc\u0007", description: "", amount: 1 },
        token,
      ),
      "name",
    );
    await refused(
      await t.call("POST", "/api/dealer-defaults/taxes", { description: "State\u001b", rate: 6 }, token),
      "description",
    );
    await refused(
      await t.call(
        "POST",
        "/api/quotes",
        {
          vehicle: { description: HOSTILE, color: "", mileage: 1, stockNumber: "", advertisedUrl: "" },
          pricing: { advertisedPrice: 20000, discount: 0 },
        },
        token,
      ),
      "vehicle.description",
    );
    expect(t.db.select().from(defaultAddons).all()).toEqual([]);
    const me = (await (await t.call("GET", "/api/auth/me", undefined, token)).json()) as {
      user: { firstName: string; lastName: string };
    };
    expect(me.user).toMatchObject({ firstName: "Zoë", lastName: "O'Brien-Łukasz" });
    const ok = await t.call(
      "POST",
      "/api/dealer-defaults/addons",
      { name: "Paint & fabric (3-yr) — “Gold”", description: "¿Sí? 日本", price: 10 },
      token,
    );
    expect(ok.status).toBe(201);
  });

  it("the shopper's acceptance form refuses them in the name and accepts nothing", async () => {
    t = createTestApp();
    const { token } = await register(t);
    const created = await t.call(
      "POST",
      "/api/quotes",
      {
        vehicle: {
          description: "2022 Honda Civic",
          color: "",
          mileage: 1,
          stockNumber: "",
          advertisedUrl: "",
        },
        pricing: { advertisedPrice: 20000, discount: 0 },
      },
      token,
    );
    const { id } = (await created.json()) as { id: string };
    // With the deal's fingerprint (issue #46): refused for the name alone.
    const res = await acceptAsShown(t.call, id, {
      name: HOSTILE,
      phone: "15551234567",
      email: "pat@example.com",
      structure: { structure: "cash" },
    });
    await refused(res, "name");
    const versions = await t.call("GET", `/api/quotes/${id}/versions`, undefined, token);
    expect(await versions.json()).toEqual([]);
  });
});
