// The hand-built desk of issue #40's tests: five quotes of two salespeople over two weeks, with
// their shares, the shopper's opens and acceptances (one quote shared twice, opened on two days,
// accepted, unlocked and accepted again), and every figure GET /api/analytics must answer for it,
// worked out by hand below. Times are hours from the range's start (a local midnight). The API
// tests write it through the stores, the Playwright specs straight into the SQLite file; both
// from this one description. No imports: Playwright loads it without the project's aliases.

export type FixturePerson = "sam" | "sue";

type FixtureVersion = {
  kind: "accepted" | "counter";
  at: number;
  structure?: "cash" | "finance" | "lease";
  months?: number;
  downCents?: number;
  outTheDoorCents?: number;
  monthlyCents?: number;
};

export type FixtureQuote = {
  key: string;
  salesperson: FixturePerson;
  vehicle: string;
  customer: string;
  stockNumber: string;
  created: number;
  outTheDoorCents: number;
  shared: { at: number; via: string }[];
  opened: number[];
  versions: FixtureVersion[];
  /** The dealer reopened the deal at this hour. */
  unlockedAt?: number;
  /** Whether the deal stands accepted (locked) at the end. */
  locked: boolean;
};

export const H = 3_600_000;
export const FIXTURE_DAYS = 14;

export const FIXTURE_PEOPLE: Record<FixturePerson, { firstName: string; lastName: string }> = {
  sam: { firstName: "Sam", lastName: "Seller" },
  sue: { firstName: "Sue", lastName: "Seller" },
};

export const FIXTURE_QUOTES: FixtureQuote[] = [
  {
    // Shared twice (the second within the range's second day), opened on two days, accepted,
    // reopened by the dealer with a counter-offer, accepted again.
    key: "a",
    salesperson: "sam",
    vehicle: "2024 Honda Accord EX",
    customer: "Avery Park",
    stockNumber: "A-100",
    created: 10,
    outTheDoorCents: 2_950_000,
    shared: [
      { at: 11, via: "link" },
      { at: 24 + 9, via: "email" },
    ],
    opened: [24 + 10, 72 + 8],
    versions: [
      {
        kind: "accepted",
        at: 72 + 9,
        structure: "finance",
        months: 60,
        downCents: 200_000,
        outTheDoorCents: 3_000_000,
        monthlyCents: 50_000,
      },
      { kind: "counter", at: 72 + 13, outTheDoorCents: 2_950_000 },
      {
        kind: "accepted",
        at: 96 + 10,
        structure: "finance",
        months: 72,
        downCents: 400_000,
        outTheDoorCents: 2_950_000,
        monthlyCents: 41_234,
      },
    ],
    unlockedAt: 72 + 12,
    locked: true,
  },
  {
    key: "b",
    salesperson: "sam",
    vehicle: "2023 Toyota Camry SE",
    customer: "Blake Ortiz",
    stockNumber: "B-200",
    created: 48,
    outTheDoorCents: 2_600_000,
    shared: [{ at: 49, via: "text message" }],
    opened: [],
    versions: [],
    locked: false,
  },
  {
    key: "c",
    salesperson: "sue",
    vehicle: "2022 Ford F-150 XLT",
    customer: '=HYPERLINK("http://x","Casey")',
    stockNumber: "-C300",
    created: 192,
    outTheDoorCents: 2_000_000,
    shared: [{ at: 192.5, via: "link" }],
    opened: [194],
    versions: [{ kind: "accepted", at: 197, structure: "cash", outTheDoorCents: 2_000_000 }],
    locked: true,
  },
  {
    key: "d",
    salesperson: "sue",
    vehicle: "2021 Subaru Outback, Limited",
    customer: 'Dana "DJ" Jones',
    stockNumber: "D-400",
    created: 216,
    outTheDoorCents: 3_100_000,
    shared: [],
    opened: [],
    versions: [],
    locked: false,
  },
  {
    // Opened from a link copied outside the share dialog: opened, never shared (#51), so no
    // share-to-open time either.
    key: "e",
    salesperson: "sue",
    vehicle: "2025 BMW X3",
    customer: "Emery Lane",
    stockNumber: "E-500",
    created: 241,
    outTheDoorCents: 4_000_000,
    shared: [],
    opened: [244],
    versions: [
      {
        kind: "accepted",
        at: 264 + 10,
        structure: "lease",
        months: 36,
        downCents: 0,
        outTheDoorCents: 4_000_000,
        monthlyCents: 61_000,
      },
    ],
    locked: true,
  },
];

/** Quotes that must not count: created the day before the range, and (separately) another dealership's. */
export const FIXTURE_OUTSIDE: FixtureQuote = {
  key: "before",
  salesperson: "sam",
  vehicle: "2020 Mazda CX-5",
  customer: "Old Lead",
  stockNumber: "Z-1",
  created: -24,
  outTheDoorCents: 1_500_000,
  shared: [{ at: 2, via: "link" }],
  opened: [3],
  versions: [{ kind: "accepted", at: 5, structure: "cash", outTheDoorCents: 1_500_000 }],
  locked: true,
};

/** GET /api/analytics for [start, start + 14 days), everyone; times in ms. */
export const FIXTURE_EXPECTED = {
  // Shared: a, b and c (e was only opened); opened: a, c and e; the opened conversion is over the
  // shared quotes: a and c of a, b and c.
  funnel: {
    created: 5,
    shared: 3,
    opened: 3,
    accepted: 3,
    openedWithoutShare: 1,
    conversion: { shared: 0.6, opened: 0.6667, accepted: 1 },
  },
  weeks: [
    { created: 2, shared: 2, opened: 1, accepted: 1 },
    { created: 3, shared: 1, opened: 2, accepted: 2 },
  ],
  salespeople: [
    { person: "sue" as FixturePerson, created: 3, shared: 1, opened: 2, accepted: 2, weekly: [0, 3] },
    { person: "sam" as FixturePerson, created: 2, shared: 2, opened: 1, accepted: 1, weekly: [2, 0] },
  ],
  timing: {
    // a: 11 h -> 34 h = 23 h; c: 192.5 h -> 194 h = 1.5 h.
    shareToOpen: { count: 2, medianMs: 12.25 * H, p90Ms: 23 * H },
    // c: 3 h; e: 244 h -> 274 h = 30 h; a: 34 h -> 81 h (first acceptance) = 47 h.
    openToAccept: { count: 3, medianMs: 30 * H, p90Ms: 47 * H },
  },
  // a's newest accepted version 29,500 + c 20,000 + e 40,000.
  outTheDoor: { count: 3, total: 89_500, average: 29_833.33 },
  structures: { cash: 1, finance: 1, lease: 1 },
  terms: [
    { structure: "finance", months: 72, count: 1 },
    { structure: "lease", months: 36, count: 1 },
  ],
  downs: [
    { down: 0, count: 1 },
    { down: 4000, count: 1 },
  ],
};

/** The same for Sam alone (salesperson=Sam's id, or Sam signed in). */
export const FIXTURE_EXPECTED_SAM = {
  funnel: {
    created: 2,
    shared: 2,
    opened: 1,
    accepted: 1,
    openedWithoutShare: 0,
    conversion: { shared: 1, opened: 0.5, accepted: 1 },
  },
  weeks: [
    { created: 2, shared: 2, opened: 1, accepted: 1 },
    { created: 0, shared: 0, opened: 0, accepted: 0 },
  ],
  timing: {
    shareToOpen: { count: 1, medianMs: 23 * H, p90Ms: 23 * H },
    openToAccept: { count: 1, medianMs: 47 * H, p90Ms: 47 * H },
  },
  outTheDoor: { count: 1, total: 29_500, average: 29_500 },
  structures: { cash: 0, finance: 1, lease: 0 },
  terms: [{ structure: "finance", months: 72, count: 1 }],
  downs: [{ down: 4000, count: 1 }],
};
