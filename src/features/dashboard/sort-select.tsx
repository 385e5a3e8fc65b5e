// Cards have no column headers, so small screens choose the sort from a list
// holding the same four orders the table's headers give.

import { NativeSelect } from "@mantine/core";
import type { QuoteSort } from "./quote-list-view";

const OPTIONS: { value: string; label: string; sort: QuoteSort }[] = [
  { value: "created-desc", label: "Newest first", sort: { column: "created", direction: "desc" } },
  { value: "created-asc", label: "Oldest first", sort: { column: "created", direction: "asc" } },
  { value: "vehicle-asc", label: "Vehicle A to Z", sort: { column: "vehicle", direction: "asc" } },
  { value: "vehicle-desc", label: "Vehicle Z to A", sort: { column: "vehicle", direction: "desc" } },
];

export function SortSelect({ sort, onChange }: { sort: QuoteSort; onChange(sort: QuoteSort): void }) {
  return (
    <NativeSelect
      aria-label="Sort quotes"
      value={`${sort.column}-${sort.direction}`}
      data={OPTIONS.map(({ value, label }) => ({ value, label }))}
      onChange={(event) => {
        const chosen = OPTIONS.find((option) => option.value === event.currentTarget.value);
        if (chosen) onChange(chosen.sort);
      }}
      style={{ flex: "1 1 10rem" }}
    />
  );
}
