import { describe, expect, it } from "vitest";
import { fieldErrors } from "../schemas/schema-fields";
import { MSG } from "../text/messages";
import {
  accountBodySchema,
  canSaveAccount,
  canSaveChangeEmail,
  changeEmailBodySchema,
  changePasswordBodySchema,
  validateAccount,
  validateChangeEmail,
  validateChangePassword,
} from "./account";
import { canSaveDealership, type DealershipValues, profileBody, profileBodySchema } from "./dealership";
import { requestResetBodySchema, resetPasswordBodySchema } from "./password-reset";
import { loginBodySchema, registerBody, registerBodySchema, validateRegister } from "./register";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? [] : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("register", () => {
  const valid = {
    email: "dealer@example.com",
    password: "p@ss word!",
    confirmPassword: "p@ss word!",
    firstName: "Dana",
    lastName: "Lee",
  };

  it("accepts a complete form, any characters in an 8..128 password", () => {
    expect(validateRegister(valid)).toEqual({});
    expect(
      validateRegister({ ...valid, password: "é".repeat(128), confirmPassword: "é".repeat(128) }),
    ).toEqual({});
    expect(
      validateRegister({ ...valid, password: "x".repeat(129), confirmPassword: "x".repeat(129) }),
    ).toEqual({
      password: MSG.passwordTooLong,
    });
  });

  it("checks optional fields only when given", () => {
    expect(
      validateRegister({ ...valid, phoneNumber: "(555) 123-4567", zipCode: "12345-6789", state: "ca" }),
    ).toEqual({});
  });

  it("sends optional fields only when filled, phone as digits", () => {
    expect(
      registerBody({ ...valid, email: " Dealer@Example.com ", city: " ", phoneNumber: "(555) 123-4567" }),
    ).toEqual({
      email: "Dealer@Example.com",
      password: valid.password,
      firstName: "Dana",
      lastName: "Lee",
      phoneNumber: "5551234567",
    });
  });

  it("parses the server body with the same messages, emails normalized", () => {
    const body = registerBodySchema.parse({
      ...valid,
      email: " Dealer@Example.COM ",
      state: "tx",
      zipCode: "",
    });
    expect(body).toMatchObject({ email: "dealer@example.com", state: "TX", zipCode: undefined });
    expect("confirmPassword" in body).toBe(false);
    expect(errorsOf(registerBodySchema.safeParse({ email: "x", password: 5, phoneNumber: "123" }))).toEqual([
      { field: "email", message: MSG.emailInvalid },
      { field: "password", message: MSG.expectedText },
      { field: "firstName", message: MSG.firstNameRequired },
      { field: "lastName", message: MSG.lastNameRequired },
      { field: "phoneNumber", message: MSG.phone10Digits },
    ]);
  });

  it("login needs both fields", () => {
    expect(loginBodySchema.parse({ email: "A@B.co", password: "x" })).toEqual({
      email: "a@b.co",
      password: "x",
    });
    expect(errorsOf(loginBodySchema.safeParse({}))).toEqual([
      { field: "email", message: MSG.emailRequired },
      { field: "password", message: MSG.passwordRequired },
    ]);
  });
});

describe("password reset bodies", () => {
  it("parse with the form's messages", () => {
    expect(errorsOf(requestResetBodySchema.safeParse({ email: "nope" }))).toEqual([
      { field: "email", message: MSG.emailInvalidAddress },
    ]);
    expect(errorsOf(resetPasswordBodySchema.safeParse({ token: "", password: "short" }))).toEqual([
      { field: "token", message: MSG.tokenRequired },
      { field: "password", message: MSG.passwordMinLength },
    ]);
  });
});

describe("account, change email, change password", () => {
  it("change email must differ from the current one, case-insensitively", () => {
    const values = { newEmail: "Dana@Example.com", currentPassword: "" };
    expect(validateChangeEmail(values, "dana@example.com")).toEqual({
      newEmail: MSG.emailUnchanged,
      currentPassword: MSG.currentPasswordRequired,
    });
    expect(
      canSaveChangeEmail({ newEmail: "new@example.com", currentPassword: "pw" }, "dana@example.com"),
    ).toBe(true);
    expect(canSaveChangeEmail({ newEmail: "new@example.com", currentPassword: "" }, "dana@example.com")).toBe(
      false,
    );
  });

  it("change password requires the current one", () => {
    expect(validateChangePassword({ currentPassword: "", newPassword: "", confirmPassword: "" })).toEqual({
      currentPassword: MSG.currentPasswordRequired,
      newPassword: MSG.passwordMinLengthLong,
    });
    expect(
      errorsOf(changePasswordBodySchema.safeParse({ currentPassword: "old", newPassword: "1234567" })),
    ).toEqual([{ field: "newPassword", message: MSG.passwordMinLengthLong }]);
    expect(changeEmailBodySchema.parse({ newEmail: " NEW@x.io ", currentPassword: "pw" }).newEmail).toBe(
      "new@x.io",
    );
  });

  it("account save only when a name changed", () => {
    const saved = { firstName: "Dana", lastName: "Lee" };
    expect(canSaveAccount(saved, saved)).toBe(false);
    expect(canSaveAccount({ ...saved, lastName: "Lee " }, saved)).toBe(false);
    expect(canSaveAccount({ ...saved, lastName: "Park" }, saved)).toBe(true);
    expect(canSaveAccount({ ...saved, lastName: "" }, saved)).toBe(false);
    expect(validateAccount({ firstName: "", lastName: "" })).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
    });
    expect(accountBodySchema.parse({ firstName: " Dana ", lastName: "Lee", role: "admin" })).toEqual(saved);
  });
});

describe("dealership information", () => {
  const saved: DealershipValues = {
    dealershipName: "Lee Motors",
    streetAddress: "1 Main St",
    city: "Austin",
    state: "TX",
    zipCode: "78701",
    phoneNumber: "5551234567",
  };

  it("saves only when changed, ignoring formatting", () => {
    expect(canSaveDealership({ ...saved, phoneNumber: "(555) 123-4567", state: "tx" }, saved)).toBe(false);
    expect(canSaveDealership({ ...saved, city: "Dallas" }, saved)).toBe(true);
    expect(canSaveDealership({ ...saved, city: "Dallas", phoneNumber: "555" }, saved)).toBe(false);
  });

  it("sends the phone as digits and the state uppercased", () => {
    expect(profileBody({ ...saved, phoneNumber: "(555) 123-4567", state: "tx" })).toEqual(saved);
    expect(profileBodySchema.parse({ ...saved, state: "tx", city: null, zipCode: undefined })).toEqual({
      ...saved,
      city: "",
      zipCode: "",
    });
    expect(
      errorsOf(profileBodySchema.safeParse({ ...saved, phoneNumber: "", state: "Texas", zipCode: "7" })),
    ).toEqual([
      { field: "state", message: MSG.stateInvalid },
      { field: "zipCode", message: MSG.zipInvalid },
      { field: "phoneNumber", message: MSG.phoneInvalid },
    ]);
  });
});
