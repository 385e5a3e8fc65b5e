import { DASHBOARD_TEXT } from "@shared/text/dashboard-text";
// /dashboard (spec §2): the greeting and the 'Active Quotes' panel.
//
// Many quotes: the whole list (listing columns only) is loaded once and kept in
// memory; the search box feeds a deferred value, so typing never waits for the
// filter, and one page of PAGE_SIZE rows is rendered at a time.

import { Button, Group, Paper, Select, Stack, Switch, TextInput, Title } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { ANALYTICS_MSG, ANALYTICS_TEXT } from "@shared/analytics/analytics-text";
import { seesEveryQuote } from "@shared/rules/permissions";
import { ALL_QUOTES_TITLE, noActiveQuotes } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { IconDownload, IconPlus, IconSearch } from "@tabler/icons-react";
import { useCallback, useDeferredValue, useMemo, useState } from "react";
import { Link } from "react-router";
import { DeleteQuoteDialog } from "@/components/delete-quote-dialog";
import { PageContainer } from "@/components/page-container";
import { errorText } from "@/lib/api";
import { downloadDeskLog } from "@/lib/desk-log-export";
import { notify } from "@/lib/notify";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { FirstRunChecklist } from "./first-run-checklist";
import { LiveSignals } from "./live-signals/live-signals";
import { QuoteListBody, QuotesLoading } from "./quote-list-body";
import {
  type DashboardQuote,
  DEFAULT_SORT,
  listHasGross,
  nextSort,
  PAGE_SIZE,
  type QuoteSort,
  visibleQuotes,
} from "./quote-list-view";
import { ReassignDialog } from "./reassign-dialog";
import { SortSelect } from "./sort-select";
import { useChecklist } from "./use-checklist";
import { useNow } from "./use-now";
import { useQuoteActions } from "./use-quote-actions";
import { useQuotes } from "./use-quotes";

/** Issue #40: the desk log as CSV, with the filters on screen (owners and managers). */
function exportDeskLog(filters: {
  salespersonId: string | null;
  query: string;
  acceptedOnly: boolean;
  showExpired: boolean;
}): void {
  const params = new URLSearchParams();
  if (filters.salespersonId) params.set("salesperson", filters.salespersonId);
  if (filters.query.trim()) params.set("q", filters.query.trim());
  if (filters.acceptedOnly) params.set("accepted", "true");
  if (!filters.showExpired) params.set("expired", "false");
  downloadDeskLog(params).catch((error: unknown) =>
    notify(errorText(error, ANALYTICS_MSG.exportFailed), false),
  );
}

export default function DashboardPage() {
  const { user } = useSession();
  const { state, reload, remove, patch } = useQuotes();
  const { open, handlers: rowHandlers, deleteDialog } = useQuoteActions({ remove, patch });
  const [reassigning, setReassigning] = useState<DashboardQuote | null>(null);
  // Owners and managers may hand any quote to another member (the server decides as well).
  const handlers =
    user && seesEveryQuote(user) ? { ...rowHandlers, onReassign: setReassigning } : rowHandlers;
  const nowMs = useNow();
  // Spec §9: the mobile layout applies below the small breakpoint; the table needs md (768px) to fit.
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });

  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [showExpired, setShowExpired] = useState(false);
  // Issue #19: the deals a shopper accepted (locked until the dealer reopens them).
  const [acceptedOnly, setAcceptedOnly] = useState(false);
  const [sort, setSort] = useState<QuoteSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [salespersonId, setSalespersonId] = useState<string | null>(null);

  usePageTitle("Dashboard");
  const { checklist, known: checklistKnown, setChecklist } = useChecklist();
  const [liveKnown, setLiveKnown] = useState(false);
  const liveSettled = useCallback(() => setLiveKnown(true), []);
  // Issue #51: the checklist, the panel and its rows (with their live badges) paint together, once
  // all three are known, so nothing pops in above what the dealer is already reading; until then
  // 'Loading quotes...' holds their place. Later reloads (Try Again) show it inside the panel.
  const [painted, setPainted] = useState(false);
  if (!painted && checklistKnown && liveKnown && state.status !== "loading") setPainted(true);

  const everyQuote = state.status === "ready" ? state.quotes : [];
  const salespeople = useMemo(() => {
    const names = new Map<string, string>();
    for (const quote of everyQuote) names.set(quote.salesperson.id, quote.salesperson.name);
    return [...names]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [everyQuote]);
  // The desk log (issue #20): managers and owners get every quote of the dealership (the server
  // decides), with who works each and a filter by salesperson; an owner working alone sees the
  // plain list, where a salesperson column would only repeat their own name.
  const deskLog = user ? seesEveryQuote(user) && (user.role === "manager" || salespeople.length > 1) : false;
  const quotes = useMemo(
    () =>
      everyQuote.filter(
        (quote) =>
          (!salespersonId || quote.salesperson.id === salespersonId) && (!acceptedOnly || quote.accepted),
      ),
    [everyQuote, salespersonId, acceptedOnly],
  );
  const shown = useMemo(
    () => visibleQuotes(quotes, { query: deferredQuery, showExpired, sort, nowMs }),
    [quotes, deferredQuery, showExpired, sort, nowMs],
  );
  const pageCount = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  // A delete on the last page may leave it empty: show the new last page instead.
  const currentPage = Math.min(page, pageCount);
  const pageQuotes = shown.slice((currentPage - 1) * PAGE_SIZE, currentPage * PAGE_SIZE);

  const searching = deferredQuery.trim() !== "";
  // With the search box empty, nothing shown means no quotes at all, or only expired ones hidden.
  const emptyMessage = searching
    ? DASHBOARD_TEXT.noQuotesMatch
    : acceptedOnly && quotes.length === 0
      ? MSG.noAcceptedDeals
      : quotes.length === 0
        ? DASHBOARD_TEXT.noQuotesYet
        : noActiveQuotes;

  return (
    <PageContainer>
      <Stack gap="lg">
        <Title order={1}>{DASHBOARD_TEXT.welcome(user?.firstName ?? "")}</Title>
        <LiveSignals onSettled={liveSettled}>
          {painted ? null : <QuotesLoading />}
          {painted && checklist ? <FirstRunChecklist checklist={checklist} onChange={setChecklist} /> : null}
          {painted ? (
            <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
              <Stack gap="md">
                <Group justify="space-between" gap="sm">
                  <Title order={2} fz="h4" data-testid="quotes-title">
                    {showExpired ? ALL_QUOTES_TITLE : DASHBOARD_TEXT.activeQuotes}
                  </Title>
                  <Button
                    component={Link}
                    to="/quote/new"
                    leftSection={<IconPlus size={18} aria-hidden="true" />}
                  >
                    {DASHBOARD_TEXT.createNewQuote}
                  </Button>
                </Group>
                <Group gap="sm" align="center" wrap="wrap">
                  <TextInput
                    type="search"
                    value={query}
                    onChange={(event) => {
                      setQuery(event.currentTarget.value);
                      setPage(1);
                    }}
                    placeholder={DASHBOARD_TEXT.searchPlaceholder}
                    aria-label={DASHBOARD_TEXT.searchPlaceholder}
                    leftSection={<IconSearch size={16} aria-hidden="true" />}
                    style={{ flex: "1 1 16rem" }}
                  />
                  <Switch
                    label={DASHBOARD_TEXT.showExpired}
                    checked={showExpired}
                    onChange={(event) => {
                      setShowExpired(event.currentTarget.checked);
                      setPage(1);
                    }}
                  />
                  <Switch
                    label={MSG.acceptedOnly}
                    checked={acceptedOnly}
                    onChange={(event) => {
                      setAcceptedOnly(event.currentTarget.checked);
                      setPage(1);
                    }}
                    data-testid="accepted-filter"
                  />
                  {deskLog ? (
                    <Select
                      aria-label={MSG.salesperson}
                      data={[{ value: "", label: MSG.allSalespeople }, ...salespeople]}
                      value={salespersonId ?? ""}
                      allowDeselect={false}
                      onChange={(value) => {
                        setSalespersonId(value ? value : null);
                        setPage(1);
                      }}
                      w={220}
                      data-testid="salesperson-filter"
                    />
                  ) : null}
                  {user && seesEveryQuote(user) ? (
                    <Button
                      variant="default"
                      onClick={() =>
                        exportDeskLog({ salespersonId, query: deferredQuery, acceptedOnly, showExpired })
                      }
                      leftSection={<IconDownload size={18} aria-hidden="true" />}
                    >
                      {ANALYTICS_TEXT.exportCsv}
                    </Button>
                  ) : null}
                  {!wide && state.status === "ready" && quotes.length > 0 ? (
                    <SortSelect
                      sort={sort}
                      withGross={listHasGross(everyQuote)}
                      onChange={(next) => {
                        setSort(next);
                        setPage(1);
                      }}
                    />
                  ) : null}
                </Group>
                <QuoteListBody
                  state={state}
                  pageQuotes={pageQuotes}
                  matchCount={shown.length}
                  emptyMessage={emptyMessage}
                  page={currentPage}
                  pageCount={pageCount}
                  onPage={setPage}
                  wide={wide}
                  nowMs={nowMs}
                  sort={sort}
                  onSort={(column) => {
                    setSort((current) => nextSort(current, column));
                    setPage(1);
                  }}
                  onOpen={open}
                  onRetry={reload}
                  handlers={handlers}
                  showSalesperson={deskLog}
                  showGross={listHasGross(everyQuote)}
                />
              </Stack>
            </Paper>
          ) : null}
        </LiveSignals>
      </Stack>
      <DeleteQuoteDialog {...deleteDialog} />
      <ReassignDialog
        quote={reassigning}
        onClose={() => setReassigning(null)}
        onReassigned={(id, salesperson) => {
          patch(id, { salesperson });
          setReassigning(null);
          notify(MSG.quoteReassigned);
        }}
      />
    </PageContainer>
  );
}
