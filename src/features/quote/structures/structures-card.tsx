import { Box, Button, Group, Text, Title } from "@mantine/core";
import { CREDIT_TIERS, type StructureKind } from "@shared/constants";
import type { AvailableLease } from "@shared/deal/deal-types";
import { offeredChoice } from "@shared/deal/offered-choice";
import { type Selection, selectedStructure } from "@shared/deal/selected-structure";
import { type StructureGrids, structureGrids } from "@shared/deal/structure-grid";
import { DEAL_OFFER_TEXT } from "@shared/deal-offer-text";
import { formatMoney } from "@shared/money";
import { QUOTE_TEXT } from "@shared/page-text";
import type { QuoteData, ShopperChoice } from "@shared/quote-schema";
import { withStructures } from "@shared/read-structures";
import { STRUCTURES_TEXT } from "@shared/structure-messages";
import { type ReactNode, useMemo, useState } from "react";
import classes from "./structures-card.module.css";

// Issue #18: cash, finance and lease side by side (a phone shows one at a time, picked with the
// buttons above them). Each grid crosses the quote's three cash-down rows with its three terms;
// the shopper taps a cell to choose it (a shopper-writable key the dealer sees live), the
// dealer sees what the customer is looking at. Plain elements: this renders on the shopper's
// phone, inside its JavaScript budget.

export interface StructuresCardProps {
  data: QuoteData;
  isDealer: boolean;
  readOnly: boolean;
  /**
   * Issue #46: a pick names a structure and a term; a cell at another down than the deal's also
   * sets the deal's one down payment (`downCents`). Answers whether it was taken.
   */
  onChoose(choice: ShopperChoice, downCents?: number): Promise<boolean> | boolean | undefined;
  /** Dealer only: opens the payment options editor. */
  onEdit?: () => void;
}

const money = (cents: number) => formatMoney(cents);
/** Cash-down rows in whole dollars where they are whole: "$2,000 down" fits a phone's row. */
const downText = (cents: number) =>
  cents % 100 === 0 ? formatMoney(cents).slice(0, -3) : formatMoney(cents);
/** A grid row's down label: the deal's own down when it is not one of the grid's rows (issue #46). */
const rowLabel = (row: { downCents: number; own?: true }) =>
  row.own ? STRUCTURES_TEXT.yourDownRow(downText(row.downCents)) : downText(row.downCents);

export default function StructuresCard({
  data: stored,
  isDealer,
  readOnly,
  onChoose,
  onEdit,
}: StructuresCardProps) {
  const data = useMemo(() => withStructures(stored), [stored]);
  const grids = useMemo(() => structureGrids(data), [data]);
  // Issue #46: the deal itself (the shopper's pick or the dealer's default, at the deal's one down
  // payment): the cell the grid highlights and the words of the header card.
  const selected = useMemo(() => selectedStructure(data), [data]);
  const { selection } = selected;
  const cashPrice = grids.cashPrice;
  // Issue #33: a pick the dealer's grid no longer offers is no pick: the default shows again.
  const choice = offeredChoice(data) ?? undefined;
  const withdrawn = data.shopperChoice !== undefined && choice === undefined;
  const [downNotice, setDownNotice] = useState<string | null>(null);
  // The shopper sees the structures the dealer shows (and lease only with a programme).
  const kinds = (["cash", "finance", "lease"] as const).filter(
    (kind) => isDealer || (!grids.hidden.includes(kind) && (kind !== "lease" || grids.lease !== null)),
  );
  const [shown, setShown] = useState<StructureKind>(() =>
    choice && kinds.includes(choice.structure)
      ? choice.structure
      : ((kinds.includes("finance") ? "finance" : kinds[0]) ?? "cash"),
  );
  const active = kinds.includes(shown) ? shown : (kinds[0] ?? "cash");
  const canChoose = !isDealer && !readOnly;
  const tier = CREDIT_TIERS.find((t) => t.id === data.selectedCreditTier);
  const tierCaption = tier ? `${tier.label} (${tier.minScore}-${tier.maxScore})` : "";
  // Issue #34: the one selected structure, in the words of the sheet's "You are agreeing to" box.
  const chosen = choice ? selected.text : null;
  const choose = async (next: ShopperChoice, downCents: number) => {
    const changesDown = downCents !== selection.downCents;
    const taken = await onChoose(next, changesDown ? downCents : undefined);
    setDownNotice(
      taken !== false && changesDown ? STRUCTURES_TEXT.downChangedByPick(downText(downCents)) : null,
    );
  };

  const cell = (
    structure: "finance" | "lease",
    downCents: number,
    months: number,
    monthly: number,
    extra?: ReactNode,
  ) => {
    // Issue #46: the grid highlights the deal itself: its structure and term at its one down payment.
    const pressed =
      selection.kind === structure && selection.months === months && selection.downCents === downCents;
    // Read out before the figures (the visible text stays part of the name, WCAG 2.5.3).
    const label = `${STRUCTURES_TEXT[structure]} ${STRUCTURES_TEXT.monthsShort(months)}, ${STRUCTURES_TEXT.downRow(downText(downCents))}:`;
    const content = (
      <>
        <span className={classes.legend}>{label} </span>
        <span className={classes.amount}>
          {money(monthly)}
          <span className={classes.per}>{STRUCTURES_TEXT.perMonth}</span>
        </span>
        {extra ? <span className={classes.extra}>{extra}</span> : null}
      </>
    );
    return canChoose ? (
      <button
        type="button"
        className={classes.cellButton}
        aria-pressed={pressed}
        data-testid={`choose-${structure}-${downCents / 100}-${months}`}
        onClick={() => void choose({ structure, months } as ShopperChoice, downCents)}
      >
        {content}
      </button>
    ) : (
      <span
        className={classes.cellText}
        data-chosen={pressed || undefined}
        data-testid={`${structure}-${downCents / 100}-${months}`}
      >
        {content}
      </span>
    );
  };

  return (
    <Box component="section" aria-labelledby="structures-title" mt="xl" data-testid="structures">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} id="structures-title" fz="h4">
          {STRUCTURES_TEXT.compareOptions}
        </Title>
        {onEdit ? (
          <Button size="xs" variant="default" onClick={onEdit}>
            {STRUCTURES_TEXT.editPaymentOptions}
          </Button>
        ) : null}
      </Group>
      {withdrawn && !isDealer ? (
        <Text size="sm" mb="sm" role="status" data-testid="options-changed">
          {QUOTE_TEXT.optionsChanged}
        </Text>
      ) : null}
      {chosen ? (
        <Text fw={600} mb="sm" data-testid="customer-choice" aria-live="polite">
          {isDealer ? STRUCTURES_TEXT.customerLookingAt(chosen) : STRUCTURES_TEXT.yourChoice(chosen)}
        </Text>
      ) : null}
      {downNotice && !isDealer ? (
        <Text size="sm" mb="sm" role="status" data-testid="down-changed-by-pick">
          {downNotice}
        </Text>
      ) : null}
      {kinds.length > 1 ? (
        <fieldset className={classes.switcher}>
          <legend className={classes.legend}>{STRUCTURES_TEXT.showStructure}</legend>
          {kinds.map((kind) => (
            <button
              key={kind}
              type="button"
              className={classes.switch}
              aria-pressed={kind === active}
              onClick={() => setShown(kind)}
            >
              {STRUCTURES_TEXT[kind]}
            </button>
          ))}
        </fieldset>
      ) : null}
      <div className={classes.columns}>
        {kinds.map((kind) => (
          <section
            key={kind}
            className={classes.panel}
            data-active={kind === active || undefined}
            aria-labelledby={`structure-${kind}`}
            data-testid={`structure-${kind}`}
          >
            <h3 id={`structure-${kind}`} className={classes.heading}>
              {STRUCTURES_TEXT[kind]}
              {isDealer && grids.hidden.includes(kind) ? (
                <span className={classes.hiddenNote}> · {STRUCTURES_TEXT.hiddenFromShopper}</span>
              ) : null}
            </h3>
            {kind === "cash" ? (
              <div>
                {/* Issue #46: what a cash buyer pays, the out-the-door price before any down payment. */}
                <Text className={classes.bigAmount} data-testid="structure-cash-out-the-door">
                  {money(cashPrice.outTheDoor)}
                </Text>
                <Text size="sm" className="dd-secondary-text">
                  {STRUCTURES_TEXT.cashPriceCaption}
                </Text>
                {cashPrice.dueToCustomer > 0 ? (
                  <Text size="sm" fw={600} data-testid="structure-cash-due-to-customer">
                    {STRUCTURES_TEXT.dueToCustomer(money(cashPrice.dueToCustomer))}
                  </Text>
                ) : null}
                {canChoose ? (
                  <Button
                    mt="xs"
                    size="xs"
                    variant={selection.kind === "cash" ? "filled" : "default"}
                    aria-pressed={selection.kind === "cash"}
                    onClick={() => void choose({ structure: "cash" }, selection.downCents)}
                  >
                    {STRUCTURES_TEXT.chooseCash}
                  </Button>
                ) : null}
              </div>
            ) : kind === "finance" ? (
              <>
                <Grid
                  caption={tierCaption}
                  terms={grids.finance.terms}
                  rows={grids.finance.rows.map((row) => ({
                    downCents: row.downCents,
                    ...(row.own ? { own: true as const } : {}),
                    cells: row.cells.map((result) =>
                      cell("finance", row.downCents, result.months, result.payment),
                    ),
                  }))}
                />
                <Text size="xs" className="dd-secondary-text" mt={4}>
                  {STRUCTURES_TEXT.financeAprs}:{" "}
                  {grids.finance.rows[0]?.cells
                    .map((result) => `${STRUCTURES_TEXT.monthsShort(result.months)} ${result.aprPercent}%`)
                    .join(" · ")}
                  . {STRUCTURES_TEXT.ratesDisclosure}
                </Text>
              </>
            ) : grids.leaseBlocked === "msrp" ? (
              <Text size="sm" className="dd-secondary-text" data-testid="lease-needs-msrp">
                {DEAL_OFFER_TEXT.msrpNeeded}
              </Text>
            ) : grids.lease === null ? (
              <Text size="sm" className="dd-secondary-text" data-testid="no-lease-program">
                {STRUCTURES_TEXT.noLeaseProgram}
              </Text>
            ) : (
              <>
                <Grid
                  caption={tierCaption}
                  terms={grids.lease.terms}
                  rows={grids.lease.rows.map((row) => ({
                    downCents: row.downCents,
                    ...(row.own ? { own: true as const } : {}),
                    cells: row.cells.map((result) =>
                      result === null ? (
                        STRUCTURES_TEXT.noResidual
                      ) : result.available ? (
                        cell(
                          "lease",
                          row.downCents,
                          result.months,
                          result.monthlyPayment,
                          <AtSigning lease={result} />,
                        )
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
                  {leaseNotes(grids, selection, data.taxRules?.lease.method ?? "monthly")}
                </Text>
              </>
            )}
          </section>
        ))}
      </div>
    </Box>
  );
}

/** One structure's grid: cash-down rows × term columns, each cell as the caller renders it. */
function Grid({
  caption,
  terms,
  rows,
}: {
  caption: string;
  terms: readonly number[];
  rows: { downCents: number; own?: true; cells: ReactNode[] }[];
}) {
  return (
    <table className={classes.grid}>
      <caption className={classes.caption}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{STRUCTURES_TEXT.down}</th>
          {terms.map((months) => (
            <th key={months} scope="col">
              {STRUCTURES_TEXT.monthsShort(months)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.downCents} data-own-down={row.own || undefined}>
            <th scope="row">{rowLabel(row)}</th>
            {row.cells.map((content, i) => (
              <td key={terms[i]}>{content}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
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
