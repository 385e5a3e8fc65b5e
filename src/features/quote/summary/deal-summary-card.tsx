import { formatMoney } from "@shared/core/money";
import type { QuoteSummary } from "@shared/deal/quote-summary";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { memo } from "react";
import classes from "./summary.module.css";

/**
 * The deal in one card (issue #34: the one selected structure): its monthly payment and the
 * structure in words, or the cash price; the out-the-door price with what it is after; a lease's
 * amount due at signing; and what is due to the customer when the trade-in is worth more than the
 * deal. Renders from plain values: no live document, no browser API.
 */
export const DealSummaryCard = memo(function DealSummaryCard({ summary }: { summary: QuoteSummary }) {
  const { outTheDoorPrice, dueToCustomer, monthly, downPayment } = summary;
  const lease = summary.kind === "lease";
  const after = lease
    ? QUOTE_TEXT.cashAtSigning(formatMoney(summary.cashDueAtSigning ?? 0))
    : downPayment > 0
      ? QUOTE_TEXT.afterDown(formatMoney(downPayment))
      : null;
  return (
    <section aria-labelledby="deal-summary-title" className={classes.card} data-testid="deal-summary">
      <p id="deal-summary-title" className={`dd-text dd-text-sm dd-secondary-text ${classes.label}`}>
        {lease ? QUOTE_TEXT.dueAtSigning : TEXT.outTheDoorPrice}
      </p>
      <p className={`dd-text ${classes.price}`} data-testid="summary-out-the-door">
        {formatMoney(lease ? (summary.dueAtSigning ?? 0) : outTheDoorPrice)}
      </p>
      {after ? (
        <p className="dd-text dd-text-sm dd-secondary-text" data-testid="summary-after-down">
          {after}
        </p>
      ) : null}
      {monthly !== null ? (
        <p className={`dd-text ${classes.monthly}`} data-testid="summary-from-monthly">
          {QUOTE_TEXT.monthlyAmount(formatMoney(monthly))}
        </p>
      ) : null}
      <p className="dd-text dd-text-sm dd-secondary-text" data-testid="summary-from-detail">
        {summary.text}
      </p>
      {dueToCustomer > 0 ? (
        <div className={classes.due} data-testid="summary-due-to-customer">
          <p className={`dd-text ${classes.strong}`}>
            {QUOTE_TEXT.dueToCustomer}: {formatMoney(dueToCustomer)}
          </p>
          <p className="dd-text dd-text-sm dd-secondary-text">{QUOTE_TEXT.dueToCustomerNote}</p>
        </div>
      ) : null}
    </section>
  );
});
