import { formatQuoteDate } from "@shared/core/format";
// Small screens (spec §2): one card per quote. A card opens the quote on
// click or Enter; its action buttons do their own thing.

import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { QUOTE_COLUMNS } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { CustomerLookingNow, SameVehicleWorked, ShopperViewingDot } from "./live-signals/live-signals";
import { type QuoteActionHandlers, QuoteActions } from "./quote-actions";
import { type DashboardQuote, grossText, isExpiredAt, outTheDoorText } from "./quote-list-view";
import classes from "./quotes-list.module.css";
import { StatusBadges } from "./status-badges";

interface QuoteCardsProps {
  quotes: readonly DashboardQuote[];
  nowMs: number;
  onOpen(quote: DashboardQuote): void;
  handlers: QuoteActionHandlers;
  /** The desk log (managers and owners): who works each deal, and whether the customer is looking now. */
  showSalesperson?: boolean;
  /** Issue #38: each deal's total gross, for members who see gross. */
  showGross?: boolean;
}

export function QuoteCards({ quotes, nowMs, onOpen, handlers, showSalesperson, showGross }: QuoteCardsProps) {
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
              {/* Issue #51: the name and badges take the card's width; the actions have a row of their own. */}
              <Stack gap={2}>
                <Text fw={700} className={`${classes.vehicle} ${classes.fades}`}>
                  <ShopperViewingDot quoteId={quote.id} />
                  {quote.vehicleDescription}
                </Text>
                {quote.customerName ? (
                  <Text size="sm" className={classes.fades}>
                    {quote.customerName}
                  </Text>
                ) : null}
                {showSalesperson ? (
                  <Text size="sm" className={classes.fades} data-testid="quote-salesperson">
                    {MSG.salesperson}: {quote.salesperson.name}
                  </Text>
                ) : null}
                {showSalesperson ? (
                  <Text size="sm" className={classes.fades} data-testid="quote-out-the-door">
                    {MSG.outTheDoor}: {outTheDoorText(quote)}
                  </Text>
                ) : null}
                {showGross ? (
                  <Text size="sm" className={classes.fades} data-testid="quote-gross">
                    {QUOTE_COLUMNS.gross}: {grossText(quote)}
                  </Text>
                ) : null}
                {showSalesperson ? <CustomerLookingNow quoteId={quote.id} /> : null}
                <SameVehicleWorked quoteId={quote.id} />
                <StatusBadges quote={quote} expired={expired} />
              </Stack>
              <SimpleGrid cols={2} spacing="xs" mt="xs" className={classes.fades}>
                <div>
                  <Text size="xs" fw={600}>
                    {QUOTE_COLUMNS.created}
                  </Text>
                  <Text size="sm">{formatQuoteDate(quote.createdMs)}</Text>
                </div>
                <div>
                  <Text size="xs" fw={600}>
                    {QUOTE_COLUMNS.expires}
                  </Text>
                  <Text size="sm">{formatQuoteDate(quote.expiresMs)}</Text>
                </div>
              </SimpleGrid>
              <div className={classes.cardActions}>
                <QuoteActions quote={quote} expired={expired} handlers={handlers} />
              </div>
            </Paper>
          </li>
        );
      })}
    </Stack>
  );
}
