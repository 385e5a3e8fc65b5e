import { DASHBOARD_TEXT } from "@shared/text/dashboard-text";
// The body of the 'Active Quotes' panel: loading, failure with Try Again, the
// empty states, and one page of quotes as a table (md and up) or cards.

import { Button, Center, Group, Loader, Pagination, Stack, Text } from "@mantine/core";
import { loadQuotesFailed } from "@shared/text/dealer-messages";
import { TEXT } from "@shared/text/page-text";
import { Notice } from "@/components/notice";
import type { QuoteActionHandlers } from "./quote-actions";
import { QuoteCards } from "./quote-cards";
import type { DashboardQuote, QuoteSort, SortColumn } from "./quote-list-view";
import { QuotesTable } from "./quotes-table";
import type { QuotesState } from "./use-quotes";

interface QuoteListBodyProps {
  state: QuotesState;
  /** The quotes on the current page. */
  pageQuotes: readonly DashboardQuote[];
  /** How many quotes pass the expiry switch and the search. */
  matchCount: number;
  /** What to say when nothing matches: no quotes at all, or none for this search. */
  emptyMessage: string;
  page: number;
  pageCount: number;
  onPage(page: number): void;
  wide: boolean;
  nowMs: number;
  sort: QuoteSort;
  onSort(column: SortColumn): void;
  onOpen(quote: DashboardQuote): void;
  onRetry(): void;
  handlers: QuoteActionHandlers;
  /** The desk log of managers and owners (issue #20). */
  showSalesperson?: boolean;
  /** Issue #38: the Gross column (the list carries it only for members who see gross). */
  showGross?: boolean;
}

/** 'Loading quotes...' (spec §2): in the panel, and in its place until the dashboard paints (#51). */
export function QuotesLoading() {
  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text>{DASHBOARD_TEXT.loadingQuotes}</Text>
      </Group>
    </Center>
  );
}

export function QuoteListBody(props: QuoteListBodyProps) {
  const { state } = props;
  if (state.status === "loading") return <QuotesLoading />;
  if (state.status === "failed") {
    return (
      <Notice tone="error">
        <Stack gap="sm" align="flex-start">
          <Text>{loadQuotesFailed(state.reason)}</Text>
          <Button onClick={props.onRetry}>{TEXT.tryAgain}</Button>
        </Stack>
      </Notice>
    );
  }
  if (props.matchCount === 0) {
    return (
      <Text ta="center" py="xl" role="status">
        {props.emptyMessage}
      </Text>
    );
  }
  return (
    <Stack gap="md">
      {props.wide ? (
        <QuotesTable
          quotes={props.pageQuotes}
          nowMs={props.nowMs}
          sort={props.sort}
          onSort={props.onSort}
          onOpen={props.onOpen}
          handlers={props.handlers}
          showSalesperson={props.showSalesperson}
          showGross={props.showGross}
        />
      ) : (
        <QuoteCards
          quotes={props.pageQuotes}
          nowMs={props.nowMs}
          onOpen={props.onOpen}
          handlers={props.handlers}
          showSalesperson={props.showSalesperson}
          showGross={props.showGross}
        />
      )}
      {props.pageCount > 1 ? (
        <Group justify="center" component="nav" aria-label="Quote pages">
          <Pagination
            total={props.pageCount}
            value={props.page}
            onChange={props.onPage}
            size="sm"
            siblings={props.wide ? 1 : 0}
            getItemProps={(page) => ({
              "aria-label": `Page ${page}`,
              "aria-current": page === props.page ? "page" : undefined,
            })}
            getControlProps={(control) => ({
              "aria-label":
                control === "previous" ? "Previous page" : control === "next" ? "Next page" : control,
            })}
          />
        </Group>
      ) : null}
    </Stack>
  );
}
