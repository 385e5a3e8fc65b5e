// The Analytics page's date ranges, in the manager's own time zone: each is [from, to) between
// local midnights, sent to the API as instants (weeks are counted from `from`, so a week begins
// on the day the range does).

export const RANGE_KINDS = ["week", "last30", "month", "custom"] as const;
export type RangeKind = (typeof RANGE_KINDS)[number];

export type DateRange = { from: Date; to: Date };

const midnight = (day: Date) => new Date(day.getFullYear(), day.getMonth(), day.getDate());
const addDays = (day: Date, days: number) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);

/** A preset up to the end of today: this week (from Monday), the last 30 days, this month. */
export function presetRange(kind: Exclude<RangeKind, "custom">, now: Date): DateRange {
  const today = midnight(now);
  const to = addDays(today, 1);
  if (kind === "week") return { from: addDays(today, -((today.getDay() + 6) % 7)), to };
  if (kind === "month") return { from: new Date(today.getFullYear(), today.getMonth(), 1), to };
  return { from: addDays(today, -29), to };
}

/** "2026-11-26" in local time (a date input's value). */
export function dateInputValue(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A custom range from two date inputs, both days included; null when incomplete or backwards. */
export function customRange(fromValue: string, toValue: string): DateRange | null {
  const parse = (value: string) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null;
  };
  const from = parse(fromValue);
  const last = parse(toValue);
  if (!from || !last || last < from) return null;
  return { from, to: addDays(last, 1) };
}
