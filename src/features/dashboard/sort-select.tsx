// Cards have no column headers, so small screens choose the sort from a list
// holding the same four orders the table's headers give.

import { NativeSelect } from "@mantine/core";
import { GROSS_SORT } from "@shared/text/dealer-messages";
import type { QuoteSort } from "./quote-list-view";

const OPTIONS: { value: string; label: string; sort: QuoteSort }[] = [
  { value: "created-desc", label: "Newest first", sort: { column: "created", direction: "desc" } },
  { value: "created-asc", label: "Oldest first", sort: { column: "created", direction: "asc" } },
  { value: "vehicle-asc", label: "Vehicle A to Z", sort: { column: "vehicle", direction: "asc" } },
  { value: "vehicle-desc", label: "Vehicle Z to A", sort: { column: "vehicle", direction: "desc" } },
];

/** Issue #38: for members who see gross. */
const GROSS_OPTIONS: typeof OPTIONS = [
  { value: "gross-desc", label: GROSS_SORT.desc, sort: { column: "gross", direction: "desc" } },
  { value: "gross-asc", label: GROSS_SORT.asc, sort: { column: "gross", direction: "asc" } },
];

export function SortSelect({
  sort,
  onChange,
  withGross = false,
}: {
  sort: QuoteSort;
  onChange(sort: QuoteSort): void;
  withGross?: boolean;
}) {
  const options = withGross ? [...OPTIONS, ...GROSS_OPTIONS] : OPTIONS;
  return (
    <NativeSelect
      aria-label="Sort quotes"
      value={`${sort.column}-${sort.direction}`}
      data={options.map(({ value, label }) => ({ value, label }))}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.currentTarget.value);
        if (chosen) onChange(chosen.sort);
      }}
      style={{ flex: "1 1 10rem" }}
    />
  );
}
