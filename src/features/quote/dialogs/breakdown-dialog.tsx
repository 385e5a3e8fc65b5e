import { formatPercent } from "@shared/core/format";
import { formatMoney } from "@shared/core/money";
import type { Breakdown } from "@shared/deal/pricing";
import { TEXT } from "@shared/text/page-text";
import type { BreakdownKind } from "../quote-dialogs";
import { DialogClose } from "./dialog-actions";
import { QuoteModal } from "./quote-modal";
import classes from "./quote-modal.module.css";

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
    <QuoteModal title={TITLES[which]} onClose={onClose}>
      <table className={classes.table} data-testid="breakdown-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.name}</td>
              <td className={classes.number}>{formatMoney(row.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{TOTALS[which]}</th>
            <td className={classes.number} data-testid="breakdown-total">
              {formatMoney(total)}
            </td>
          </tr>
        </tfoot>
      </table>
      <DialogClose onClose={onClose} />
    </QuoteModal>
  );
}
