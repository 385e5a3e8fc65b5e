import { describe, expect, it } from "vitest";
import { type AnalyticsFacts, computeAnalytics, WEEK_MS } from "./analytics";
import { funnelSentence } from "./analytics-text";

// Issue #51: "2 shared" counted a link opened directly. Shared counts the shares recorded; a quote
// opened without one counts as opened only, and the page says why opened exceeds shared.

const facts = (counts: AnalyticsFacts["counts"]): AnalyticsFacts => ({
  counts,
  shareToOpen: [],
  openToAccept: [],
  deals: [],
});
const input = { from: 0, to: WEEK_MS, salesperson: null, names: new Map([["sam", "Sam Seller"]]) };

describe("the funnel", () => {
  it("counts a quote opened from a link never shared as opened, not as shared", () => {
    const row = { salespersonId: "sam", week: 0, created: 2, shared: 1, opened: 2, accepted: 1 };
    const { funnel, weeks, salespeople } = computeAnalytics(
      facts([{ ...row, openedWithoutShare: 1 }]),
      input,
    );
    expect(funnel).toEqual({
      created: 2,
      shared: 1,
      opened: 2,
      accepted: 1,
      openedWithoutShare: 1,
      // The shared quote was opened: 1 of 1; accepted over everything opened: 1 of 2.
      conversion: { shared: 0.5, opened: 1, accepted: 0.5 },
    });
    expect(weeks.map(({ start: _, ...counts }) => counts)).toEqual(
      [row].map(({ salespersonId: _, week: __, ...c }) => c),
    );
    expect(salespeople[0]).toMatchObject({ shared: 1, opened: 2 });
    expect(funnelSentence(funnel)).toBe(
      "2 created, 1 shared, 2 opened by the shopper, 1 accepted. 1 quote was opened from a link not shared through DealDesk: counted as opened, not as shared; the opened conversion is over the shared quotes.",
    );
  });

  it("says the four steps alone when every opened quote was shared", () => {
    const row = { salespersonId: "sam", week: 0, created: 3, shared: 2, opened: 1, accepted: 0 };
    const { funnel } = computeAnalytics(facts([{ ...row, openedWithoutShare: 0 }]), input);
    expect(funnel.conversion).toEqual({ shared: 0.6667, opened: 0.5, accepted: 0 });
    expect(funnelSentence(funnel)).toBe("3 created, 2 shared, 1 opened by the shopper, 0 accepted.");
  });

  it("names several quotes opened without a share", () => {
    const row = { salespersonId: "sam", week: 0, created: 4, shared: 0, opened: 2, accepted: 0 };
    const { funnel } = computeAnalytics(facts([{ ...row, openedWithoutShare: 2 }]), input);
    expect(funnel.conversion.opened).toBeNull();
    expect(funnelSentence(funnel)).toBe(
      "4 created, 0 shared, 2 opened by the shopper, 0 accepted. 2 quotes were opened from a link not shared through DealDesk: counted as opened, not as shared; the opened conversion is over the shared quotes.",
    );
  });
});
