import type { QuoteDealership } from "@shared/api-types";
import type { CreditTier, LoanTerm } from "@shared/constants";
import { EMPTY_DEALER_PROFILE } from "@shared/constants";
import { appliedDownPayment } from "@shared/deal/quote-deal";
import { selectedStructure } from "@shared/deal/selected-structure";
import { DEAL_RULE_TEXT } from "@shared/deal-rule-text";
import type { DealState } from "@shared/deal-state";
import { formatMoney } from "@shared/money";
import { QUOTE_TEXT, TEXT } from "@shared/page-text";
import { memberLabel } from "@shared/permissions";
import { computeBreakdown, paymentGrid } from "@shared/pricing";
import type { CustomInterestRates } from "@shared/quote-schema";
import { quoteSummary } from "@shared/quote-summary";
import { Suspense, useEffect, useMemo, useState } from "react";
import buttonClasses from "@/components/button.module.css";
import { LoadBoundary } from "@/components/load-boundary";
import { MantineScope, useMantineScopePreload } from "@/components/mantine-scope";
import { Notice } from "@/components/notice";
import { PageContainer } from "@/components/page-container";
import { Redirect, useAppNavigate } from "@/lib/app-link";
import { useOnline, whenIdle } from "@/lib/browser";
import { pageTitle } from "@/lib/page-title";
import { resilientLazy } from "@/lib/resilient-lazy";
import { useSession } from "@/lib/session";
import { MonthlyPayments } from "./components/monthly-payments";
import { PriceLines } from "./components/price-lines";
import { QuoteHeader } from "./components/quote-header";
import { QuoteNotFound } from "./components/quote-states";
import { ShopperOptions } from "./components/shopper-options";
import { QuoteModal } from "./dialogs/quote-modal";
import { type LiveRole, loadValidator, type UpdateResult } from "./live/field-adapter";
import { readCustomerInfo, readQuoteData } from "./live/quote-reader";
import { offlineBannerText, openedFromCopy } from "./live/sync-time";
import { useLiveQuote } from "./live/use-live-quote";
import { PresenceLine } from "./presence/presence-line";
import type { QuoteAnswer } from "./quote-api";
import type { QuoteDialog } from "./quote-dialogs";
import classes from "./quote-view.module.css";
import { DealSummaryCard } from "./summary/deal-summary-card";
import { DealershipCard } from "./summary/dealership-card";

// Dialogs load on first use; the dealer-only ones are chunks a shopper's phone never downloads.
// A chunk that fails to load (offline) never takes the page down: see LoadBoundary below.
const QuoteDialogHost = resilientLazy(() => import("./dialogs/quote-dialog-host"));
const DealerDialogHost = resilientLazy(() => import("./dealer/dealer-dialog-host"));
const AcceptDialog = resilientLazy(() => import("./dialogs/accept-dialog"));
const AcceptedBanner = resilientLazy(() => import("./dealer/accepted-banner"));
const DealNotices = resilientLazy(() => import("./deal-notices"));
const StaleEditNotices = resilientLazy(() => import("./stale-edit-notices"));
const StockNotice = resilientLazy(() => import("./dealer/stock-notice"));
const QuoteAnswerFollower = resilientLazy(() => import("./dealer/quote-answer-follower"));
// The comparison card (issue #18), and issue #38's dealer Desk and History and the shopper's payment
// request, behind one lazy slot (after idle for the shopper: outside the opening budget).
const QuoteDesk = resilientLazy(() => import("./desk/quote-desk"));

const NO_DEALERSHIP: QuoteDealership = { ...EMPTY_DEALER_PROFILE, consultant: "" };

/** The dialogs both sides open (the shopper's add-ons dialog aside); the rest are the dealer's. */
const isSharedDialog = (dialog: QuoteDialog) =>
  dialog.kind === "amount" || dialog.kind === "tradeIn" || dialog.kind === "breakdown";

/** Marked when the page starts fetching what an edit needs (the page-weight test reads it). */
export const PRELOAD_MARK = "dealdesk:preload-edit-code";
/** Marked once everything an edit needs is loaded (a dialog then opens offline; the e2e tests wait for it). */
export const EDIT_CODE_READY_MARK = "dealdesk:edit-code-ready";

export interface QuoteViewProps {
  quote: QuoteAnswer;
  role: LiveRole;
  token: string | null;
  /** A signed-in dealer on the shopper's page (issue #14): a banner, and never "customer looking". */
  preview?: boolean;
  /** False while the page finds out whether this is a dealer preview (the live channel waits). */
  liveReady?: boolean;
}

export function QuoteView({
  quote: answered,
  role,
  token,
  preview = false,
  liveReady = true,
}: QuoteViewProps) {
  const isDealer = role === "dealer";
  // Issue #48: the answer as it is now (read again when the deal's state seq moves: useFreshQuote).
  const [quote, setQuote] = useState(answered);
  useEffect(() => setQuote(answered), [answered]);
  // A dealer may renew an expired quote from its page (issue #14).
  const [expired, setExpired] = useState(quote.expired);
  const readOnly = expired && !isDealer;
  // Issue #38: the economics document opens only for a dealer the REST answer showed the gross to.
  const economics = isDealer && quote.gross !== undefined;
  const live = useLiveQuote(liveReady ? { quoteId: quote.id, role, token, readOnly, economics } : null);
  const [dialog, setDialog] = useState<QuoteDialog | null>(null);

  // The REST snapshot shows the deal until the live document arrives; it is never written back.
  const fallback = useMemo(() => readQuoteData(quote.data), [quote.data]);
  const data = live.data ?? fallback;
  // Issue #34: the one selected structure; the header card, the breakdown and the payments present
  // the deal as it presents it (a chosen grid cell's down payment, a lease's own lines).
  const selected = useMemo(() => (data ? selectedStructure(data) : null), [data]);
  const derived = useMemo(() => {
    if (!selected) return null;
    const breakdown = computeBreakdown(selected.data);
    return {
      breakdown,
      grid: paymentGrid(selected.data, breakdown.outTheDoorPrice),
      down: appliedDownPayment(selected.data),
    };
  }, [selected]);
  const customerInfo = isDealer ? (live.customerInfo ?? readCustomerInfo(quote.data)) : null;
  // The comparison card (issue #18) sits below the payments: it arrives with the edit code once
  // the page is idle or touched, outside the shopper page's opening budget.
  const [extrasReady, setExtrasReady] = useState(false);
  const preloadMantineScope = useMantineScopePreload();
  // Issue #19: the shopper's acceptance locks the deal for both sides until the dealer reopens it.
  const [dealState, setDealState] = useState<DealState>(() => ({
    locked: quote.locked ?? false,
    acceptedVersion: quote.acceptedVersion ?? null,
    counterOffer: quote.counterOffer ?? null,
  }));
  const { onDealState } = live;
  useEffect(
    () =>
      onDealState((state) => {
        setDealState(state);
        // Issue #33: the expiry passed (or a renewal undid it) while the page is open: every
        // state pushed carries it, so the shopper's page turns read-only at that moment.
        setExpired(state.expired === true);
      }),
    [onDealState],
  );

  // What an edit needs (dialogs, validation rules) is fetched once the page is idle, or on the
  // viewer's first touch, scroll or key press if that comes first, while the network is there:
  // opening the link stays light (the shopper budget), and a phone that drops its connection
  // after that can still open a dialog and change the deal.
  useEffect(() => {
    const events = ["pointerdown", "touchstart", "keydown", "scroll", "wheel"] as const;
    let done = false;
    const prefetch = () => {
      if (done) return;
      done = true;
      for (const name of events) window.removeEventListener(name, prefetch, true);
      performance.mark(PRELOAD_MARK);
      setExtrasReady(true);
      // The dialogs after the Mantine provider they render in (the shopper's page loads it lazily):
      // once the dialogs' code is here, everything a dialog needs to open offline is.
      const scope = preloadMantineScope();
      // An import resolves once the chunk and every chunk it imports are loaded and run.
      const loads: Promise<unknown>[] = [
        scope.then(() => import("./dialogs/quote-dialog-host")),
        loadValidator(),
        ...(isDealer
          ? [import("./dealer/dealer-dialog-host"), import("./dealer/rate-editor")]
          : [scope.then(() => import("./dialogs/accept-dialog"))]),
      ];
      Promise.all(loads).then(
        () => performance.mark(EDIT_CODE_READY_MARK),
        // Offline or a failed chunk: the dialogs say so when opened (LoadBoundary), and load then.
        () => {},
      );
    };
    for (const name of events) window.addEventListener(name, prefetch, { capture: true, passive: true });
    const idle = whenIdle(prefetch);
    return () => {
      idle.cancel();
      for (const name of events) window.removeEventListener(name, prefetch, true);
    };
  }, [isDealer, preloadMantineScope]);

  // The server closed the dealer's socket because the token was revoked or expired: the stored
  // session is no longer good, so drop it before /login (which would bounce a "signed-in" user).
  const { signOut, user } = useSession();
  const sessionEnded = live.ended === "sessionEnded";
  useEffect(() => {
    if (sessionEnded) signOut();
  }, [sessionEnded, signOut]);

  const description = data?.vehicle.description ?? "";
  // An answer without it (an older server's snapshot) reads as a profile not filled in.
  const dealership = quote.dealership ?? NO_DEALERSHIP;
  const dealershipName = dealership.dealershipName;
  useEffect(() => {
    document.title = isDealer
      ? pageTitle(`${description} ${TEXT.quoteDetails}`.trim())
      : QUOTE_TEXT.shopperTitle(description, dealershipName || TEXT.productName);
  }, [description, dealershipName, isDealer]);

  const online = useOnline();
  const [everConnected, setEverConnected] = useState(false);
  useEffect(() => {
    // Issue #36: a page the phone kept, opened while the server was out of reach, starts offline.
    if (live.status === "connected" || openedFromCopy()) setEverConnected(true);
  }, [live.status]);
  // The browser says so, or the connection we had dropped: edits now wait in the local copy.
  // Issue #36: the customer's own device took this page's place: the deal stays, read-only.
  const replaced = live.ended === "replaced";
  const offline = !readOnly && !replaced && (!online || (everConnected && live.status !== "connected"));

  if (live.ended === "quoteDeleted" || !data || !derived || !selected)
    return <QuoteNotFound dealerMode={isDealer} />;
  if (live.ended === "reassigned") return <DealReassigned to={live.reassignedTo ?? ""} />;
  if (sessionEnded) {
    return <Redirect to="/login" state={{ from: `${window.location.pathname}${window.location.search}` }} />;
  }

  const close = () => setDialog(null);
  const locked = dealState.locked;
  // While locked, nothing that changes the deal opens (the server refuses such edits anyway).
  const openDialog = (next: QuoteDialog) => {
    if (locked && !["share", "versions", "delete"].includes(next.kind)) return;
    setDialog(next);
  };

  const logRefusal = (result: UpdateResult) => {
    if (!result.ok) console.error("The change was not saved", result.errors);
  };
  const saveRate = async (tier: CreditTier, term: LoanTerm, rate: number) => {
    const key = String(term) as `${LoanTerm}`;
    const next: CustomInterestRates = structuredClone(data.customInterestRates);
    const row = { ...next[tier] };
    // A rate back at the quote's table value is no override at all.
    if (rate === data.interestRates[tier][key]) delete row[key];
    else row[key] = rate;
    if (Object.keys(row).length === 0) delete next[tier];
    else next[tier] = row;
    logRefusal(await live.update("customInterestRates", next));
  };

  return (
    <PageContainer>
      <QuoteHeader
        quoteId={quote.id}
        vehicle={data.vehicle}
        isDealer={isDealer}
        expired={expired}
        onRenewed={() => setExpired(false)}
        customerInfo={customerInfo}
        open={openDialog}
      />
      <div className={classes.top}>
        <DealSummaryCard summary={quoteSummary(selected, derived.breakdown)} />
        {derived.down.entered > derived.down.applied ? (
          // A concurrent edit (the dealer raised the discount) left the down above the balance due.
          <Notice tone="warning" data-testid="down-payment-capped">
            {DEAL_RULE_TEXT.downPaymentCapped(
              formatMoney(derived.down.entered),
              formatMoney(derived.down.applied),
            )}
          </Notice>
        ) : null}
        {!isDealer && !readOnly && !replaced && !locked ? (
          <ShopperOptions
            data={selected.data}
            breakdown={derived.breakdown}
            open={openDialog}
            onSelectTier={async (tier) => logRefusal(await live.update("selectedCreditTier", tier))}
          />
        ) : null}
        {!isDealer && !readOnly && !replaced && !locked ? (
          <div>
            <button
              type="button"
              className={`${buttonClasses.button} mantine-focus-auto mantine-active`}
              onClick={() => openDialog({ kind: "accept" })}
              data-testid="want-this-deal"
            >
              {QUOTE_TEXT.wantThisDeal}
            </button>
          </div>
        ) : null}
        {locked && dealState.acceptedVersion !== null ? (
          isDealer ? (
            <LoadBoundary fallback={() => null}>
              <Suspense fallback={null}>
                <AcceptedBanner
                  quoteId={quote.id}
                  version={dealState.acceptedVersion}
                  onReopened={() => setDealState((current) => ({ ...current, locked: false }))}
                />
              </Suspense>
            </LoadBoundary>
          ) : null
        ) : null}
        {isDealer ? (
          <LoadBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <QuoteAnswerFollower quoteId={quote.id} onDealState={onDealState} onAnswer={setQuote} />
            </Suspense>
          </LoadBoundary>
        ) : null}
        {isDealer && quote.stock ? (
          <LoadBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <StockNotice quoteId={quote.id} stock={quote.stock} />
            </Suspense>
          </LoadBoundary>
        ) : null}
        {!isDealer && (preview || dealState.counterOffer !== null || dealState.acceptedVersion !== null) ? (
          // The shopper's acceptance, the dealer's counter-offer (a new version the shopper can
          // take) and the dealer preview: a small chunk fetched only when one shows.
          <LoadBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <DealNotices
                quoteId={quote.id}
                accepted={locked ? dealState.acceptedVersion : null}
                counterOffer={locked ? null : dealState.counterOffer}
                preview={preview}
              />
            </Suspense>
          </LoadBoundary>
        ) : null}
        {isDealer ? null : <DealershipCard dealership={dealership} />}
        {replaced ? (
          <Notice tone="warning" data-testid="replaced-notice">
            {QUOTE_TEXT.replacedByCustomer}
          </Notice>
        ) : null}
        {live.conflicts.length > 0 ? (
          <LoadBoundary fallback={() => null}>
            <Suspense fallback={null}>
              <StaleEditNotices
                conflicts={live.conflicts}
                onKeepMine={async (key) => logRefusal(await live.keepMine(key))}
                onDismiss={live.dismissConflict}
              />
            </Suspense>
          </LoadBoundary>
        ) : null}
        {offline ? (
          <Notice tone="warning" data-testid="offline-notice">
            {offlineBannerText(role, quote.id)}
          </Notice>
        ) : null}
        <p
          className="dd-text dd-text-sm dd-secondary-text"
          data-testid="connection-status"
          data-status={live.status}
        >
          {isDealer
            ? live.status === "connected"
              ? TEXT.statusConnected
              : TEXT.statusDisconnected
            : // Issue #34: the shopper reads plain words, not a connection state.
              live.status === "connected"
              ? QUOTE_TEXT.shopperLive
              : offline
                ? QUOTE_TEXT.shopperOffline
                : QUOTE_TEXT.shopperConnecting}
        </p>
      </div>
      <PresenceLine
        awareness={live.awareness}
        isDealer={isDealer}
        dialog={dialog}
        self={isDealer && user ? memberLabel(user.firstName, user.role) : undefined}
      />
      <PriceLines
        data={selected.data}
        selection={selected.selection}
        breakdown={derived.breakdown}
        isDealer={isDealer}
        readOnly={readOnly || replaced || locked}
        open={openDialog}
      />
      <MonthlyPayments
        grid={derived.grid}
        selectedTier={data.selectedCreditTier}
        isDealer={isDealer}
        readOnly={readOnly || replaced || locked}
        onSelectTier={async (tier) => logRefusal(await live.update("selectedCreditTier", tier))}
        onRateChange={saveRate}
      />
      {isDealer || extrasReady ? (
        <LoadBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <QuoteDesk
              quote={quote}
              live={live}
              data={data}
              isDealer={isDealer}
              extrasReady={extrasReady}
              locked={locked}
              readOnly={readOnly || replaced}
              open={openDialog}
            />
          </Suspense>
        </LoadBoundary>
      ) : null}

      <LoadBoundary
        fallback={(retry) =>
          dialog ? (
            <QuoteModal
              title={QUOTE_TEXT.dialogOfflineTitle}
              onClose={() => {
                close();
                retry();
              }}
            >
              <p data-testid="dialog-offline">
                {navigator.onLine ? QUOTE_TEXT.dialogFailed : QUOTE_TEXT.dialogOffline}
              </p>
            </QuoteModal>
          ) : null
        }
      >
        <Suspense fallback={null}>
          {dialog ? (
            // Mantine's provider for the dialogs on the shopper's page, loaded with the first one.
            <MantineScope>
              {isSharedDialog(dialog) || (dialog.kind === "addOns" && !isDealer) ? (
                <QuoteDialogHost
                  dialog={dialog}
                  data={data}
                  breakdown={derived.breakdown}
                  isDealer={isDealer}
                  quoteId={quote.id}
                  update={live.update}
                  onClose={close}
                />
              ) : null}
              {!isDealer && dialog.kind === "accept" ? (
                <AcceptDialog
                  quoteId={quote.id}
                  data={data}
                  onAccepted={(version) => {
                    setDealState({ locked: true, acceptedVersion: version, counterOffer: null });
                    close();
                  }}
                  onClose={close}
                />
              ) : null}
              {isDealer && !isSharedDialog(dialog) ? (
                <DealerDialogHost
                  dialog={dialog}
                  quoteId={quote.id}
                  data={data}
                  dealership={dealership}
                  customerInfo={customerInfo}
                  update={live.update}
                  onClose={close}
                />
              ) : null}
            </MantineScope>
          ) : null}
        </Suspense>
      </LoadBoundary>
    </PageContainer>
  );
}

/** How long a reassigned-away salesperson reads why before the page leaves for the dashboard. */
const REASSIGNED_NOTICE_MS = 4_000;

/** Issue #33: the deal went to a colleague while this page was open: say to whom, then leave. */
function DealReassigned({ to }: { to: string }) {
  const navigate = useAppNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/dashboard", { replace: true }), REASSIGNED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <PageContainer>
      <Notice tone="info" data-testid="deal-reassigned">
        {QUOTE_TEXT.dealReassigned(to)}
      </Notice>
    </PageContainer>
  );
}
