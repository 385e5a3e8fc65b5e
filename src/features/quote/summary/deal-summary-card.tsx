import { Box, Text } from "@mantine/core";
import { QUOTE_TEXT, TEXT } from "@shared/messages";
import { formatMoney } from "@shared/money";
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
    <Box
      component="section"
      aria-labelledby="deal-summary-title"
      className={classes.card}
      data-testid="deal-summary"
    >
      <Text id="deal-summary-title" size="sm" fw={600} className="dd-secondary-text">
        {TEXT.outTheDoorPrice}
      </Text>
      <Text className={classes.price} data-testid="summary-out-the-door">
        {formatMoney(outTheDoorPrice)}
      </Text>
      <Text className={classes.monthly} mt={4} data-testid="summary-from-monthly">
        {QUOTE_TEXT.fromMonthly(formatMoney(from.payment))}
      </Text>
      <Text size="sm" className="dd-secondary-text" data-testid="summary-from-detail">
        {QUOTE_TEXT.fromMonthlyDetail(from.tierLabel, from.term)}
      </Text>
      {dueToCustomer > 0 ? (
        <Box mt="sm" data-testid="summary-due-to-customer">
          <Text fw={700}>
            {QUOTE_TEXT.dueToCustomer}: {formatMoney(dueToCustomer)}
          </Text>
          <Text size="sm" className="dd-secondary-text">
            {QUOTE_TEXT.dueToCustomerNote}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
