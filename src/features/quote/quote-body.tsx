import type { QuoteDealership } from "@shared/core/api-types";
import type { CreditTier, LoanTerm } from "@shared/core/constants";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { formatMoney } from "@shared/core/money";
import { quoteSummary } from "@shared/deal/quote-summary";
import { DEAL_RULE_TEXT } from "@shared/text/deal-rule-text";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { type ReactNode, Suspense, useMemo, useState } from "react";
import { LoadBoundary } from "@/components/load-boundary";
import { MantineScope } from "@/components/mantine-scope";
import { Notice } from "@/components/notice";
import { PageContainer } from "@/components/page-container";
import { useNearViewport } from "@/lib/browser";
import { resilientLazy } from "@/lib/resilient-lazy";
import { useStableCallback } from "@/lib/stable";
import { MonthlyPayments } from "./components/monthly-payments";
import { PriceLines } from "./components/price-lines";
import { QuoteModal } from "./dialogs/quote-modal";
import type { LiveRole } from "./live/field-adapter";
import { logRefusal } from "./live/log-refusal";
import { offlineBannerText } from "./live/sync-time";
import { PresenceLine } from "./presence/presence-line";
import classes from "./quote-view.module.css";
import { DealSummaryCard } from "./summary/deal-summary-card";
import type { QuoteConnection } from "./use-quote-connection";
import type { QuotePage, ShownDeal } from "./use-quote-page";

// Lazy parts, each loaded when it first shows. A chunk that fails to load (offline) never takes
// the page down: see LoadBoundary below.
const StaleEditNotices = resilientLazy(() => import("./stale-edit-notices"));
// The comparison card (issue #18), and issue #38's dealer Desk and History and the shopper's payment
// request, behind one lazy slot (for the shopper: once the page is idle and the shopper comes within
// a screen of it, so the opening pays neither its code nor its render; offline, its chunks come from
// the service worker's precache, src/sw.ts).
const QuoteDesk = resilientLazy(() => import("./desk/quote-desk"));

/**
 * "Within a screen" of the viewport, above or below: what the shopper scrolls towards is rendered
 * before it shows, what they never come near costs their phone nothing (issue #52).
 */
const DESK_APPROACH = "100% 0px";

const NO_DEALERSHIP: QuoteDealership = { ...EMPTY_DEALER_PROFILE, consultant: "" };

/** An answer without it (an older server's snapshot) reads as a profile not filled in. */
export const dealershipOf = (page: QuotePage): QuoteDealership => page.quote.dealership ?? NO_DEALERSHIP;

/** A lazy part that shows nothing while it loads, or when it cannot (offline). */
export function LazyPart({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  );
}

interface QuoteBodyProps {
  /** Whose page this is. */
  side: LiveRole;
  page: QuotePage & { deal: ShownDeal };
  connection: QuoteConnection;
  /** The vehicle heading with this side's parts (components/quote-header.tsx). */
  header: ReactNode;
  /** What only this side sees, between the deal's summary and the connection line. */
  sideNotices: ReactNode;
  /** The connection line's words. */
  statusText: string;
  /** The dealer's own label: their other tabs are not listed as teammates. */
  self?: string;
  /** The dealer's page: a rate edited in the payments table. */
  onRateChange?(tier: CreditTier, term: LoanTerm, rate: number): void;
  /** Whether the Desk slot may render now (the dealer's page), or not yet (the shopper's, before idle). */
  showDesk: boolean;
  /**
   * The shopper's page: the Desk slot renders once it comes within a screen of the viewport (it
   * sits below the payments, out of a phone's first screens), not as soon as the page is idle.
   */
  deskOnApproach?: boolean;
  extrasReady: boolean;
  /** This side's dialogs for the open one (rendered inside Mantine's provider, loaded on first use). */
  dialogHost: ReactNode;
}

/** The quote page both sides read: the header, the deal's summary and lines, the payments and the Desk slot. */
export function QuoteBody({
  side,
  page,
  connection,
  header,
  sideNotices,
  statusText,
  self,
  onRateChange,
  showDesk,
  deskOnApproach = false,
  extrasReady,
  dialogHost,
}: QuoteBodyProps) {
  const isDealer = side === "dealer";
  // The Desk renders when it may and its slot is near now (the page as laid out then, not a
  // moment of it before the stylesheet applied), and stays once rendered.
  const [deskRendered, setDeskRendered] = useState(false);
  const deskSlot = useNearViewport<HTMLDivElement>(deskOnApproach && !deskRendered, DESK_APPROACH);
  const deskNow = showDesk && (deskRendered || deskSlot.near);
  if (deskNow && !deskRendered) setDeskRendered(true);
  const { quote, live, deal, dialog, readOnly } = page;
  // Stable for the memoized parts below (a changed status line alone renders nothing of the deal).
  const changeRate = useStableCallback((tier: CreditTier, term: LoanTerm, rate: number) =>
    onRateChange?.(tier, term, rate),
  );
  const summary = useMemo(() => quoteSummary(deal.selected, deal.breakdown), [deal.selected, deal.breakdown]);
  const { locked } = page.dealState;
  const { replaced, offline } = connection;
  return (
    <PageContainer>
      {header}
      <div className={classes.top}>
        <DealSummaryCard summary={summary} />
        {deal.down.entered > deal.down.applied ? (
          // A concurrent edit (the dealer raised the discount) left the down above the balance due.
          <Notice tone="warning" data-testid="down-payment-capped">
            {DEAL_RULE_TEXT.downPaymentCapped(formatMoney(deal.down.entered), formatMoney(deal.down.applied))}
          </Notice>
        ) : null}
        {sideNotices}
        {replaced ? (
          <Notice tone="warning" data-testid="replaced-notice">
            {QUOTE_TEXT.replacedByCustomer}
          </Notice>
        ) : null}
        {live.conflicts.length > 0 ? (
          <LazyPart>
            <StaleEditNotices
              conflicts={live.conflicts}
              onKeepMine={async (key) => logRefusal(await live.keepMine(key))}
              onDismiss={live.dismissConflict}
            />
          </LazyPart>
        ) : null}
        {offline ? (
          <Notice tone="warning" data-testid="offline-notice">
            {offlineBannerText(side, quote.id)}
          </Notice>
        ) : null}
        <p
          className="dd-text dd-text-sm dd-secondary-text"
          data-testid="connection-status"
          data-status={live.status}
        >
          {statusText}
        </p>
      </div>
      <PresenceLine awareness={live.awareness} isDealer={isDealer} dialog={dialog} self={self} />
      <PriceLines
        data={deal.selected.data}
        selection={deal.selected.selection}
        breakdown={deal.breakdown}
        isDealer={isDealer}
        readOnly={readOnly || replaced || locked}
        open={page.openDialog}
      />
      <MonthlyPayments
        grid={deal.grid}
        selectedTier={deal.data.selectedCreditTier}
        isDealer={isDealer}
        readOnly={readOnly || replaced || locked}
        onSelectTier={page.selectTier}
        onRateChange={onRateChange ? changeRate : undefined}
      />
      <div ref={deskSlot.ref} data-testid="desk-slot">
        {deskNow ? (
          <LazyPart>
            <QuoteDesk
              quote={quote}
              live={live}
              data={deal.data}
              isDealer={isDealer}
              extrasReady={extrasReady}
              locked={locked}
              readOnly={readOnly || replaced}
              open={page.openDialog}
            />
          </LazyPart>
        ) : null}
      </div>

      <LoadBoundary
        fallback={(retry) =>
          dialog ? (
            <QuoteModal
              title={QUOTE_TEXT.dialogOfflineTitle}
              onClose={() => {
                page.closeDialog();
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
          {/* Mantine's provider for the dialogs on the shopper's page, loaded with the first one. */}
          {dialog ? <MantineScope>{dialogHost}</MantineScope> : null}
        </Suspense>
      </LoadBoundary>
    </PageContainer>
  );
}
