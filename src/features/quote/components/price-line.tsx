import { formatMoney } from "@shared/core/money";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { type ReactNode, useId, useState } from "react";
import classes from "./price-line.module.css";

interface PriceLineProps {
  /** Stable name for tests: data-testid="line-<id>". */
  id: string;
  label: string;
  /** Cents, or a figure already written out (a lease's term, "36 months"). */
  amount: number | string;
  note?: ReactNode;
  sublabel?: ReactNode;
  /** Opens the line's dialog; without it the line is plain text. */
  onOpen?: () => void;
  /** Shown faded (the amount owed without a trade-in). */
  dimmed?: boolean;
  /** Totals read bold. */
  strong?: boolean;
  /** The expandable detail under the line. */
  details?: ReactNode;
}

/**
 * One line of the deal: label (with note and sub-label) on the left, the amount on the right.
 * Plain elements (spans inside the button): the shopper's page opens without Mantine.
 */
export function PriceLine({
  id,
  label,
  amount,
  note,
  sublabel,
  onOpen,
  dimmed,
  strong,
  details,
}: PriceLineProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const weight = strong ? classes.bold : classes.medium;
  const content = (
    <span className={classes.content}>
      <span className={classes.text}>
        <span className={`dd-text ${weight} ${onOpen ? classes.linkLabel : ""}`}>{label}</span>
        {note ? (
          <span
            className={`dd-text dd-text-sm dd-secondary-text ${classes.note}`}
            data-testid={`line-${id}-note`}
          >
            {note}
          </span>
        ) : null}
        {sublabel ? (
          <span
            className={`dd-text dd-text-sm dd-secondary-text ${classes.sublabel}`}
            data-testid={`line-${id}-sublabel`}
          >
            {sublabel}
          </span>
        ) : null}
      </span>
      <span className={`dd-text ${weight} ${classes.amount}`} data-testid={`line-${id}-value`}>
        {typeof amount === "number" ? formatMoney(amount) : amount}
      </span>
    </span>
  );

  return (
    <div
      className={classes.line}
      data-testid={`line-${id}`}
      data-dimmed={dimmed || undefined}
      data-strong={strong || undefined}
    >
      <div className={classes.row}>
        {onOpen ? (
          <button type="button" onClick={onOpen} className={classes.button} aria-haspopup="dialog">
            {content}
          </button>
        ) : (
          <div className={classes.plain}>{content}</div>
        )}
        {details ? (
          <button
            type="button"
            className={classes.toggle}
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={expanded ? QUOTE_TEXT.hideDetails(label) : QUOTE_TEXT.showDetails(label)}
          >
            {/* Inline, so the shopper's page needs no icon library. */}
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              className={classes.chevron}
              data-expanded={expanded || undefined}
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </button>
        ) : (
          <div className={classes.toggleSpace} aria-hidden="true" />
        )}
      </div>
      {details && expanded ? (
        <div className={classes.details} id={detailsId}>
          {details}
        </div>
      ) : null}
    </div>
  );
}

/** A row inside an expanded detail: name on the left, amount on the right. */
export function DetailRow({
  name,
  amount,
  retail,
}: {
  name: ReactNode;
  amount: number | string;
  retail?: number;
}) {
  return (
    <div className={classes.detailRow}>
      <p className={`dd-text dd-text-sm ${classes.text}`}>{name}</p>
      <p className={`dd-text dd-text-sm ${classes.amount}`}>
        {retail !== undefined ? (
          <s className={`dd-text dd-text-sm dd-secondary-text ${classes.retail}`}>{formatMoney(retail)}</s>
        ) : null}
        {typeof amount === "number" ? formatMoney(amount) : amount}
      </p>
    </div>
  );
}
