import { describe, expect, it } from "vitest";
import { historySentence, relativeTime } from "./history-sentence";
import { historyFieldLabel } from "./history-text";

describe("history in plain words", () => {
  it.each([
    [
      { role: "SHOPPER", field: "downPayment", oldValue: "-$2,000.00", newValue: "-$3,000.00" },
      "Shopper changed Downpayment from -$2,000.00 to -$3,000.00",
    ],
    [
      { role: "DEALER", field: "pricing.discount", oldValue: null, newValue: "-$500.00" },
      "You set Discount to -$500.00",
    ],
    [
      { role: "DEALER", field: "amountOwedOnTradeIn", oldValue: "$1,200.00", newValue: null },
      "You cleared Amount owed on trade-in (was $1,200.00)",
    ],
    [
      { role: "SHOPPER", field: "tradeIn.hasTradeIn", oldValue: "No", newValue: "Yes" },
      "Shopper added a trade-in",
    ],
    [
      { role: "SHOPPER", field: "tradeIn.hasTradeIn", oldValue: "Yes", newValue: "No" },
      "Shopper removed the trade-in",
    ],
    [
      {
        role: "DEALER",
        actor: "Mia (manager)",
        field: "salesperson",
        oldValue: "Olivia Owner",
        newValue: "Sam Seller",
      },
      "Mia (manager) reassigned the deal from Olivia Owner to Sam Seller",
    ],
    [
      {
        role: "DEALER",
        actor: "Olivia (owner)",
        field: "expiresAt",
        oldValue: "2026-11-01T12:00:00.000Z",
        newValue: "2026-12-25T12:00:00.000Z",
      },
      "Olivia (owner) renewed the quote until Dec 25, 2026",
    ],
    [
      { role: "DEALER", field: "customInterestRates.very-good.60", oldValue: null, newValue: "4.9%" },
      "You set Very good rate for 60 months to 4.9%",
    ],
    [
      { role: "DEALER", field: "addOns", oldValue: null, newValue: null },
      "You changed Add-ons & Accessories",
    ],
  ] as const)("%o reads %s", (event, sentence) => {
    expect(historySentence(event)).toBe(sentence);
  });

  it("labels every leaf the quote page shows, and falls back to the key", () => {
    expect(historyFieldLabel("vehicle.stockNumber")).toBe("Stock #");
    expect(historyFieldLabel("tradeIn.vehicle.value")).toBe("Trade-in value");
    expect(historyFieldLabel("selectedCreditTier")).toBe("Credit tier");
    expect(historyFieldLabel("customInterestRates.platinum.60")).toBe("customInterestRates.platinum.60");
  });

  it("says how long ago in words", () => {
    const now = 1_700_000_000_000;
    expect(relativeTime(now - 10_000, now)).toBe("just now");
    expect(relativeTime(now + 5_000, now)).toBe("just now"); // a server clock slightly ahead
    expect(relativeTime(now - 60_000, now)).toBe("1 minute ago");
    expect(relativeTime(now - 47 * 60_000, now)).toBe("47 minutes ago");
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe("3 hours ago");
    expect(relativeTime(now - 36 * 3_600_000, now)).toBe("yesterday");
    expect(relativeTime(now - 5 * 86_400_000, now)).toBe("5 days ago");
  });
});
