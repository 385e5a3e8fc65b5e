import { Table } from "@mantine/core";
import { formatMoney } from "@shared/core/money";
import type { GrossFigures } from "@shared/deal/gross";
import { DESK_TEXT } from "@shared/text/solve-text";

/** A figure of the Desk, or "cost unknown" when a cost it needs is not entered. */
export const deskMoney = (cents: number | null) =>
  cents === null ? DESK_TEXT.costUnknown : formatMoney(cents);
const money = deskMoney;

/** Issue #38: the deal's gross, front to back. */
export function GrossTable({ gross }: { gross: GrossFigures }) {
  // Issue #49: the over-allowance, the fees counted as gross and a buy-down show as their own lines.
  const rows: [string, number | null, string][] = [
    [DESK_TEXT.front, gross.front, "gross-front"],
    ...(gross.tradeOverAllowance === 0
      ? []
      : ([
          [
            gross.tradeOverAllowance > 0 ? DESK_TEXT.tradeOverAllowance : DESK_TEXT.tradeUnderAllowance,
            -gross.tradeOverAllowance,
            "gross-over-allowance",
          ],
        ] as [string, number, string][])),
    ...(gross.feesInGross === 0
      ? []
      : ([[DESK_TEXT.feesInGross, gross.feesInGross, "gross-fees"]] as [string, number, string][])),
    [DESK_TEXT.addOns, gross.addOns, "gross-addons"],
    [DESK_TEXT.reserve, gross.reserve, "gross-reserve"],
    ...(gross.rateBuyDown === 0
      ? []
      : ([[DESK_TEXT.rateBuyDown, gross.rateBuyDown, "gross-buy-down"]] as [string, number, string][])),
    [DESK_TEXT.back, gross.back, "gross-back"],
    [DESK_TEXT.total, gross.total, "gross-total"],
  ];
  const detail = new Set(["gross-over-allowance", "gross-fees", "gross-buy-down"]);
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="gross-table">
      <Table.Tbody>
        {rows.map(([label, cents, id]) => (
          <Table.Tr key={id}>
            <Table.Th
              scope="row"
              fw={id === "gross-total" ? 700 : 500}
              pl={detail.has(id) ? "md" : undefined}
            >
              {label}
            </Table.Th>
            <Table.Td ta="right" data-testid={id} fw={id === "gross-total" ? 700 : undefined}>
              {money(cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
