import { Button, Group, Modal, Table } from "@mantine/core";
import { formatPercent } from "@shared/format";
import { TEXT } from "@shared/messages";
import { formatMoney } from "@shared/money";
import type { Breakdown } from "@shared/pricing";
import type { BreakdownKind } from "../quote-dialogs";

const TITLES: Record<BreakdownKind, string> = {
  dealerFees: TEXT.fees,
  taxes: TEXT.taxes,
  governmentFees: TEXT.titleAndRegistration,
};

const TOTALS: Record<BreakdownKind, string> = {
  dealerFees: TEXT.totalDealerFees,
  taxes: TEXT.totalTaxes,
  governmentFees: TEXT.totalGovernmentFees,
};

/** The fee, tax or title-and-registration breakdown with its total (spec §2), read-only for everyone. */
export function BreakdownDialog({
  which,
  breakdown,
  onClose,
}: {
  which: BreakdownKind;
  breakdown: Breakdown;
  onClose(): void;
}) {
  const rows =
    which === "taxes"
      ? breakdown.taxes.map((tax) => ({
          id: tax.id,
          name: `${tax.name} (${formatPercent(tax.rate)})`,
          amount: tax.amount,
        }))
      : which === "dealerFees"
        ? breakdown.dealerFees
        : breakdown.governmentFees;
  const total =
    which === "taxes"
      ? breakdown.taxesTotal
      : which === "dealerFees"
        ? breakdown.dealerFeesTotal
        : breakdown.governmentFeesTotal;

  return (
    <Modal
      opened
      onClose={onClose}
      title={TITLES[which]}
      centered
      closeButtonProps={{ "aria-label": TEXT.close }}
    >
      <Table data-testid="breakdown-table">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatMoney(row.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{TOTALS[which]}</Table.Th>
            <Table.Td ta="right" fw={700} style={{ whiteSpace: "nowrap" }} data-testid="breakdown-total">
              {formatMoney(total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {TEXT.close}
        </Button>
      </Group>
    </Modal>
  );
}
