import { formatQuoteDate } from "@shared/core/format";
// Wide screens (spec §2): Vehicle, Customer, Created, Expires, Actions, with
// Vehicle and Created sortable. A row opens the quote on click or Enter. Issue #38: for members
// who see gross, a sortable Gross column just before Actions.

import { Group, Table, Text, UnstyledButton } from "@mantine/core";
import { QUOTE_COLUMNS } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { IconArrowDown, IconArrowsSort, IconArrowUp } from "@tabler/icons-react";
import { CustomerLookingNow, SameVehicleWorked, ShopperViewingDot } from "./live-signals/live-signals";
import { type QuoteActionHandlers, QuoteActions } from "./quote-actions";
import {
  type DashboardQuote,
  grossText,
  isExpiredAt,
  outTheDoorText,
  type QuoteSort,
  type SortColumn,
} from "./quote-list-view";
import classes from "./quotes-list.module.css";
import { StatusBadges } from "./status-badges";

function SortHeader({
  column,
  sort,
  onSort,
  end,
}: {
  column: SortColumn;
  sort: QuoteSort;
  onSort(column: SortColumn): void;
  /** A figure's column: right-aligned. */
  end?: boolean;
}) {
  const active = sort.column === column;
  const Arrow = !active ? IconArrowsSort : sort.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      ta={end ? "right" : undefined}
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      <UnstyledButton onClick={() => onSort(column)} className={classes.sortButton}>
        <Group gap={4} wrap="nowrap">
          <span>{QUOTE_COLUMNS[column]}</span>
          <Arrow size={14} aria-hidden="true" opacity={active ? 1 : 0.45} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface QuotesTableProps {
  quotes: readonly DashboardQuote[];
  nowMs: number;
  sort: QuoteSort;
  onSort(column: SortColumn): void;
  onOpen(quote: DashboardQuote): void;
  handlers: QuoteActionHandlers;
  /** The desk log (managers and owners): who works each deal, and whether the customer is looking now. */
  showSalesperson?: boolean;
  /** Issue #38: the Gross column, for members who see gross. */
  showGross?: boolean;
}

export function QuotesTable({
  quotes,
  nowMs,
  sort,
  onSort,
  onOpen,
  handlers,
  showSalesperson,
  showGross,
}: QuotesTableProps) {
  return (
    <Table highlightOnHover verticalSpacing="sm" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <SortHeader column="vehicle" sort={sort} onSort={onSort} />
          <Table.Th>{QUOTE_COLUMNS.customer}</Table.Th>
          {showSalesperson ? <Table.Th>{MSG.salesperson}</Table.Th> : null}
          {showSalesperson ? <Table.Th ta="right">{MSG.outTheDoor}</Table.Th> : null}
          <SortHeader column="created" sort={sort} onSort={onSort} />
          <Table.Th>{QUOTE_COLUMNS.expires}</Table.Th>
          {/* Issue #38: last before the actions, so the spec's columns keep their places. */}
          {showGross ? <SortHeader column="gross" sort={sort} onSort={onSort} end /> : null}
          <Table.Th ta="right">{QUOTE_COLUMNS.actions}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {quotes.map((quote) => {
          const expired = isExpiredAt(quote, nowMs);
          return (
            <Table.Tr
              key={quote.id}
              tabIndex={0}
              className={classes.row}
              data-expired={expired || undefined}
              onClick={() => onOpen(quote)}
              onKeyDown={(event) => {
                if (event.key === "Enter") onOpen(quote);
              }}
            >
              <Table.Td>
                {/* The badges go under the name when the column is narrow, never over its edge (#51). */}
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} className={`${classes.vehicle} ${classes.fades}`}>
                    <ShopperViewingDot quoteId={quote.id} />
                    {quote.vehicleDescription}
                  </Text>
                  <StatusBadges quote={quote} expired={expired} />
                  {showSalesperson ? <CustomerLookingNow quoteId={quote.id} /> : null}
                  <SameVehicleWorked quoteId={quote.id} />
                </Group>
              </Table.Td>
              <Table.Td className={classes.fades}>{quote.customerName || "—"}</Table.Td>
              {showSalesperson ? (
                <Table.Td className={classes.fades} data-testid="quote-salesperson">
                  {quote.salesperson.name}
                </Table.Td>
              ) : null}
              {showSalesperson ? (
                <Table.Td
                  ta="right"
                  className={`${classes.nowrap} ${classes.fades}`}
                  data-testid="quote-out-the-door"
                >
                  {outTheDoorText(quote)}
                </Table.Td>
              ) : null}
              <Table.Td className={`${classes.nowrap} ${classes.fades}`}>
                {formatQuoteDate(quote.createdMs)}
              </Table.Td>
              <Table.Td className={`${classes.nowrap} ${classes.fades}`}>
                {formatQuoteDate(quote.expiresMs)}
              </Table.Td>
              {showGross ? (
                <Table.Td
                  ta="right"
                  className={`${classes.nowrap} ${classes.fades}`}
                  data-testid="quote-gross"
                >
                  {grossText(quote)}
                </Table.Td>
              ) : null}
              <Table.Td>
                <QuoteActions quote={quote} expired={expired} handlers={handlers} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
