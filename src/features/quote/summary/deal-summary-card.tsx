import { formatMoney } from "@shared/money";
import { QUOTE_TEXT, TEXT } from "@shared/page-text";
import type { QuoteSummary } from "@shared/quote-summary";
import classes from "./summary.module.css";

/**
 * The deal in one card: the out-the-door price and "from $X/mo" (the selected tier's lowest
 * payment, named with its tier and term), and what is due to the customer when the trade-in is
 * worth more than the deal. Renders from plain values: no live document, no browser API.
 */
export function DealSummaryCard({ summary }: { summary: QuoteSummary }) {
  const { outTheDoorPrice, dueToCustomer, from } = summary;
  return (
    <section aria-labelledby="deal-summary-title" className={classes.card} data-testid="deal-summary">
      <p id="deal-summary-title" className={`dd-text dd-text-sm dd-secondary-text ${classes.label}`}>
        {TEXT.outTheDoorPrice}
      </p>
      <p className={`dd-text ${classes.price}`} data-testid="summary-out-the-door">
        {formatMoney(outTheDoorPrice)}
      </p>
      <p className={`dd-text ${classes.monthly}`} data-testid="summary-from-monthly">
        {QUOTE_TEXT.fromMonthly(formatMoney(from.payment))}
      </p>
      <p className="dd-text dd-text-sm dd-secondary-text" data-testid="summary-from-detail">
        {QUOTE_TEXT.fromMonthlyDetail(from.tierLabel, from.term)}
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
}
