// Small screens (spec §2): one card per quote. A card opens the quote on
// click or Enter; its action buttons do their own thing.

import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { QUOTE_COLUMNS, TEXT } from "@shared/messages";
import { type QuoteActionHandlers, QuoteActions } from "./quote-actions";
import { type DashboardQuote, formatQuoteDate, isExpiredAt } from "./quote-list-view";
import classes from "./quotes-list.module.css";

export interface QuoteCardsProps {
  quotes: readonly DashboardQuote[];
  nowMs: number;
  onOpen(quote: DashboardQuote): void;
  handlers: QuoteActionHandlers;
}

export function QuoteCards({ quotes, nowMs, onOpen, handlers }: QuoteCardsProps) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {quotes.map((quote) => {
        const expired = isExpiredAt(quote, nowMs);
        return (
          <li key={quote.id}>
            <Paper
              withBorder
              radius="md"
              p="sm"
              tabIndex={0}
              className={classes.card}
              data-expired={expired || undefined}
              data-testid="quote-card"
              onClick={() => onOpen(quote)}
              onKeyDown={(event) => {
                if (event.key === "Enter") onOpen(quote);
              }}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700} className={`${classes.vehicle} ${classes.fades}`}>
                    {quote.vehicleDescription}
                  </Text>
                  {quote.customerName ? (
                    <Text size="sm" className={classes.fades}>
                      {quote.customerName}
                    </Text>
                  ) : null}
                  {expired ? (
                    <Badge color="gray.7" variant="filled" className={classes.badge}>
                      {TEXT.expired}
                    </Badge>
                  ) : null}
                </Stack>
                <QuoteActions quote={quote} expired={expired} handlers={handlers} />
              </Group>
              <Group gap="md" mt="xs" className={classes.fades}>
                <Text size="sm">
                  {QUOTE_COLUMNS.created}: {formatQuoteDate(quote.createdMs)}
                </Text>
                <Text size="sm">
                  {QUOTE_COLUMNS.expires}: {formatQuoteDate(quote.expiresMs)}
                </Text>
              </Group>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
