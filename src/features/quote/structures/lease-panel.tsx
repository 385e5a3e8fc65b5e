import { Text } from "@mantine/core";
import { formatMoney } from "@shared/core/money";
import type { AvailableLease } from "@shared/deal/deal-types";
import type { Selection } from "@shared/deal/selected-structure";
import type { StructureGrids } from "@shared/deal/structure-grid";
import { DEAL_OFFER_TEXT } from "@shared/text/deal-offer-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { type CellContext, Grid, GridCell } from "./structure-grid";
import classes from "./structures-card.module.css";

const money = (cents: number) => formatMoney(cents);

/** Lease: the payments with what is due at signing, or why there is no lease to show. */
export function LeasePanel({
  grids,
  caption,
  context,
  taxMethod,
}: {
  grids: StructureGrids;
  caption: string;
  context: CellContext;
  taxMethod: "monthly" | "upfrontTotal" | "upfrontPrice";
}) {
  if (grids.leaseBlocked === "msrp") {
    return (
      <Text size="sm" className="dd-secondary-text" data-testid="lease-needs-msrp">
        {DEAL_OFFER_TEXT.msrpNeeded}
      </Text>
    );
  }
  if (grids.lease === null) {
    return (
      <Text size="sm" className="dd-secondary-text" data-testid="no-lease-program">
        {STRUCTURES_TEXT.noLeaseProgram}
      </Text>
    );
  }
  return (
    <>
      <Grid
        caption={caption}
        terms={grids.lease.terms}
        rows={grids.lease.rows.map((row) => ({
          downCents: row.downCents,
          ...(row.own ? { own: true as const } : {}),
          cells: row.cells.map((result) =>
            result === null ? (
              STRUCTURES_TEXT.noResidual
            ) : result.available ? (
              <GridCell
                key={result.months}
                structure="lease"
                downCents={row.downCents}
                months={result.months}
                monthly={result.monthlyPayment}
                extra={<AtSigning lease={result} />}
                context={context}
              />
            ) : (
              // Issue #34: never a payment of $0.00 or below, and nothing to pick.
              <span
                key={`${row.downCents}-${result.months}`}
                className={classes.unavailable}
                data-testid={`lease-unavailable-${row.downCents / 100}-${result.months}`}
              >
                {DEAL_OFFER_TEXT.leaseUnavailable}
              </span>
            ),
          ),
        }))}
      />
      {leaseDueNote(grids) ? (
        <Text size="xs" mt={4} data-testid="lease-due-note">
          {leaseDueNote(grids)}
        </Text>
      ) : null}
      <Text size="xs" className="dd-secondary-text" mt={4} data-testid="lease-notes">
        {leaseNotes(grids, context.selection, taxMethod)}
      </Text>
    </>
  );
}

/**
 * Issue #34: the cash the customer pays at signing first, then the Reg M amount due at signing when
 * the trade-in or rebates make it differ from the cash (#51: each figure once; what pays the rest is
 * said once, under the grid, by leaseDueNote).
 */
function AtSigning({ lease }: { lease: AvailableLease }) {
  return (
    <>
      <span className={classes.cashDue}>{DEAL_OFFER_TEXT.cashDue(money(lease.cashDueAtSigning))}</span>
      {lease.amountDueAtSigning !== lease.cashDueAtSigning ? (
        <span className={classes.dueDetail}>
          {`${money(lease.amountDueAtSigning)} ${STRUCTURES_TEXT.dueAtSigning}`}
        </span>
      ) : null}
    </>
  );
}

/**
 * What pays a lease's amount due at signing besides the cash: the trade-in's equity and the
 * rebates, the same in every cell of the quote (shared/deal/lease.ts); "" when nothing does.
 */
function leaseDueNote(grids: StructureGrids): string {
  const lease = grids.lease?.rows.flatMap((row) => row.cells).find((cell) => cell?.available);
  if (!lease?.available) return "";
  const parts = [
    lease.tradeInApplied > 0 ? DEAL_OFFER_TEXT.paidTradeIn(money(lease.tradeInApplied)) : "",
    lease.rebatesApplied > 0 ? DEAL_OFFER_TEXT.paidRebates(money(lease.rebatesApplied)) : "",
  ].filter(Boolean);
  return parts.length === 0 ? "" : DEAL_OFFER_TEXT.dueAtSigningIncludes(parts.join(" and "));
}

/** Money factor (never called APR), residuals, tax, and the selected lease's total of payments. */
function leaseNotes(
  grids: StructureGrids,
  selection: Selection,
  taxMethod: "monthly" | "upfrontTotal" | "upfrontPrice",
): string {
  const lease = grids.lease;
  if (!lease) return "";
  const residuals = lease.terms
    .map((months, i) => {
      const percent = lease.residualPercents[i];
      return percent === null || percent === undefined
        ? null
        : `${STRUCTURES_TEXT.monthsShort(months)} ${percent}%`;
    })
    .filter((part) => part !== null)
    .join(", ");
  const parts = [
    STRUCTURES_TEXT.moneyFactorNote(lease.moneyFactor.toFixed(5)),
    `${STRUCTURES_TEXT.residualsNote} ${residuals}.`,
    taxMethod === "monthly" ? STRUCTURES_TEXT.leaseIncludesTax : STRUCTURES_TEXT.leaseTaxUpfront,
  ];
  if (selection.kind === "lease")
    parts.push(`${STRUCTURES_TEXT.totalOfPayments}: ${formatMoney(selection.result.totalOfPayments)}.`);
  return parts.join(" ");
}
