import { formatMoney } from "@shared/core/money";
import type { Selection } from "@shared/deal/selected-structure";
import type { ShopperChoice } from "@shared/schemas/quote-schema";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import type { ReactNode } from "react";
import classes from "./structures-card.module.css";

/** Cash-down rows in whole dollars where they are whole: "$2,000 down" fits a phone's row. */
export const downText = (cents: number) =>
  cents % 100 === 0 ? formatMoney(cents).slice(0, -3) : formatMoney(cents);
/** A grid row's down label: the deal's own down when it is not one of the grid's rows (issue #46). */
const rowLabel = (row: { downCents: number; own?: true }) =>
  row.own ? STRUCTURES_TEXT.yourDownRow(downText(row.downCents)) : downText(row.downCents);

/** One structure's grid: cash-down rows × term columns, each cell as the caller renders it. */
export function Grid({
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

/** How a panel's grid cells read and answer: the deal's own cell pressed, a tap a pick (shopper). */
export interface CellContext {
  selection: Selection;
  /** The shopper may pick (not the dealer, not a read-only page). */
  canChoose: boolean;
  choose(choice: ShopperChoice, downCents: number): Promise<void>;
}

/** A payment of a grid: a button the shopper picks it with, or the figure as text. */
export function GridCell({
  structure,
  downCents,
  months,
  monthly,
  extra,
  context,
}: {
  structure: "finance" | "lease";
  downCents: number;
  months: number;
  monthly: number;
  extra?: ReactNode;
  context: CellContext;
}) {
  const { selection } = context;
  // Issue #46: the grid highlights the deal itself: its structure and term at its one down payment.
  const pressed =
    selection.kind === structure && selection.months === months && selection.downCents === downCents;
  // Read out before the figures (the visible text stays part of the name, WCAG 2.5.3).
  const label = `${STRUCTURES_TEXT[structure]} ${STRUCTURES_TEXT.monthsShort(months)}, ${STRUCTURES_TEXT.downRow(downText(downCents))}:`;
  const content = (
    <>
      <span className={classes.legend}>{label} </span>
      <span className={classes.amount}>
        {formatMoney(monthly)}
        <span className={classes.per}>{STRUCTURES_TEXT.perMonth}</span>
      </span>
      {extra ? <span className={classes.extra}>{extra}</span> : null}
    </>
  );
  return context.canChoose ? (
    <button
      type="button"
      className={classes.cellButton}
      aria-pressed={pressed}
      data-testid={`choose-${structure}-${downCents / 100}-${months}`}
      onClick={() => void context.choose({ structure, months } as ShopperChoice, downCents)}
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
}
