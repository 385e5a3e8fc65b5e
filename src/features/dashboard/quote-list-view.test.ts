import { formatQuoteDate } from "@shared/core/format";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SORT,
  grossText,
  listHasGross,
  nextSort,
  shopperLink,
  toDashboardQuotes,
  visibleQuotes,
} from "./quote-list-view";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const day = 86_400_000;

function item(id: string, vehicleDescription: string, createdDaysAgo: number, customerName = "") {
  const created = NOW - createdDaysAgo * day;
  return {
    id,
    vehicleDescription,
    customerName,
    salesperson: { id: "u1", name: "Sam Seller" },
    outTheDoorPrice: 31_245.5,
    accepted: false,
    created_at: new Date(created).toISOString(),
    expires_at: new Date(created + 7 * day).toISOString(),
  };
}

const quotes = toDashboardQuotes([
  item("a", "Honda Accord", 1, "Maria Lopez"),
  item("b", "Toyota Camry", 3, "John Smith"),
  item("c", "Ford F-150", 10, "Ann Lee"), // expired 3 days ago
  item("d", "bmw X5", 2),
]);

const ids = (list: { id: string }[]) => list.map((quote) => quote.id);
const base = { query: "", showExpired: false, sort: DEFAULT_SORT, nowMs: NOW };

describe("dashboard list view", () => {
  it("hides expired quotes unless asked and sorts newest first by default", () => {
    expect(ids(visibleQuotes(quotes, base))).toEqual(["a", "d", "b"]);
    expect(ids(visibleQuotes(quotes, { ...base, showExpired: true }))).toEqual(["a", "d", "b", "c"]);
  });

  it("counts a quote as expired only once expires_at is earlier than now", () => {
    const [edge] = toDashboardQuotes([item("e", "Edge", 7)]);
    if (!edge) throw new Error("no quote");
    expect(ids(visibleQuotes([edge], base))).toEqual(["e"]);
    expect(ids(visibleQuotes([edge], { ...base, nowMs: NOW + 1 }))).toEqual([]);
  });

  it("searches the vehicle and the customer name, ignoring case", () => {
    expect(ids(visibleQuotes(quotes, { ...base, query: "tOYOTA" }))).toEqual(["b"]);
    expect(ids(visibleQuotes(quotes, { ...base, query: "maria" }))).toEqual(["a"]);
    expect(ids(visibleQuotes(quotes, { ...base, query: "  lee " }))).toEqual([]);
    expect(ids(visibleQuotes(quotes, { ...base, query: "lee", showExpired: true }))).toEqual(["c"]);
    expect(ids(visibleQuotes(quotes, { ...base, query: "nobody" }))).toEqual([]);
  });

  it("sorts by vehicle both ways, case-insensitively", () => {
    const asc = { column: "vehicle", direction: "asc" } as const;
    expect(ids(visibleQuotes(quotes, { ...base, sort: asc }))).toEqual(["d", "a", "b"]);
    expect(ids(visibleQuotes(quotes, { ...base, sort: { ...asc, direction: "desc" } }))).toEqual([
      "b",
      "a",
      "d",
    ]);
  });

  it("flips the active column and starts another column ascending (spec §4)", () => {
    expect(nextSort(DEFAULT_SORT, "created")).toEqual({ column: "created", direction: "asc" });
    expect(nextSort({ column: "created", direction: "asc" }, "created")).toEqual(DEFAULT_SORT);
    expect(nextSort(DEFAULT_SORT, "vehicle")).toEqual({ column: "vehicle", direction: "asc" });
    expect(nextSort({ column: "vehicle", direction: "desc" }, "created")).toEqual({
      column: "created",
      direction: "asc",
    });
  });

  it("does not reorder the list it was given", () => {
    const before = ids(quotes);
    visibleQuotes(quotes, { ...base, sort: { column: "vehicle", direction: "asc" } });
    expect(ids(quotes)).toEqual(before);
  });

  it("formats dates for US readers and builds the shopper link", () => {
    expect(formatQuoteDate(Date.parse("2026-11-21T15:42:00Z"), "UTC")).toBe("Nov 21, 2026, 3:42 PM");
    expect(formatQuoteDate(Date.parse("2026-11-21T15:42:00Z"), "America/Chicago")).toBe(
      "Nov 21, 2026, 9:42 AM",
    );
    expect(shopperLink("https://deals.example.com", "abc_123")).toBe(
      "https://deals.example.com/quote/abc_123",
    );
  });

  it("sorts by gross (issue #38), deals whose gross is not known last either way", () => {
    const grossed = toDashboardQuotes([
      { ...item("a", "Honda Accord", 1), gross: 1_500 },
      { ...item("b", "Toyota Camry", 3), gross: null },
      { ...item("d", "bmw X5", 2), gross: -250.5 },
      { ...item("e", "Kia Soul", 4), gross: 2_150 },
    ]);
    const by = (direction: "asc" | "desc") =>
      ids(visibleQuotes(grossed, { ...base, sort: { column: "gross", direction } }));
    expect(by("desc")).toEqual(["e", "a", "d", "b"]);
    expect(by("asc")).toEqual(["d", "a", "e", "b"]);
    expect(grossed.map(grossText)).toEqual(["$1,500.00", "—", "-$250.50", "$2,150.00"]);
    // The column shows only when the server answered the figure (members who see gross).
    expect(listHasGross(grossed)).toBe(true);
    expect(listHasGross(quotes)).toBe(false);
  });
});
