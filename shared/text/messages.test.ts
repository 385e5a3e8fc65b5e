import { describe, expect, it } from "vitest";
import {
  type CrudAction,
  crudMessage,
  type DefaultListKind,
  emptyListMessage,
  loadQuotesFailed,
} from "./dealer-messages";
import { MSG } from "./messages";
import { apiErrorMessage, CORE_MSG } from "./page-text";

describe("crudMessage", () => {
  const cases: [DefaultListKind, CrudAction, string][] = [
    ["addOn", "created", "Add-on created successfully"],
    ["taxRate", "updated", "Tax rate updated successfully"],
    ["dealerFee", "deleted", "Dealer fee deleted successfully"],
    ["governmentFee", "created", "Government fee created successfully"],
    ["addOn", "loadFailed", "Failed to load add-ons"],
    ["addOn", "createFailed", "Failed to create add-on"],
    ["addOn", "updateFailed", "Failed to update add-on"],
    ["addOn", "deleteFailed", "Failed to delete add-on"],
    ["taxRate", "loadFailed", "Failed to load taxes"],
    ["taxRate", "createFailed", "Failed to create tax rate"],
    ["taxRate", "updateFailed", "Failed to update tax rate"],
    ["taxRate", "deleteFailed", "Failed to delete tax rate"],
    ["dealerFee", "loadFailed", "Failed to load dealer fees"],
    ["dealerFee", "createFailed", "Failed to create dealer fee"],
    ["governmentFee", "loadFailed", "Failed to load government fees"],
    ["governmentFee", "deleteFailed", "Failed to delete government fee"],
  ];
  it.each(cases)("%s %s -> %s", (kind, action, text) => {
    expect(crudMessage(kind, action)).toBe(text);
  });
});

describe("message catalogue", () => {
  it("words the templated messages as the spec does", () => {
    expect(apiErrorMessage(502)).toBe("API error: 502");
    expect(loadQuotesFailed("Network error")).toBe("Failed to load quotes: Network error");
    expect(emptyListMessage("addOn")).toBe(
      'No add-ons configured yet. Click "Add new" to create your first one.',
    );
    expect(emptyListMessage("taxRate")).toBe(
      'No tax rates configured yet. Click "Add new" to create your first one.',
    );
    expect(MSG.amountTooLarge).toBe("Amount cannot exceed $999,999.99");
  });

  it("holds each message string once", () => {
    const values = [...Object.values(CORE_MSG), ...Object.values(MSG)];
    const duplicates = values.filter((value, index) => values.indexOf(value) !== index);
    expect(duplicates).toEqual([]);
  });
});
