import type { CreditTier, LoanTerm } from "@shared/core/constants";
import { memberLabel } from "@shared/rules/permissions";
import type { CustomInterestRates } from "@shared/schemas/quote-schema";
import { TEXT } from "@shared/text/page-text";
import { usePageTitle } from "@/lib/page-title";
import { resilientLazy } from "@/lib/resilient-lazy";
import { useSession } from "@/lib/session";
import { QuoteHeader } from "../components/quote-header";
import { loadValidator } from "../live/field-adapter";
import { logRefusal } from "../live/log-refusal";
import { readCustomerInfo } from "../live/quote-reader";
import { dealershipOf, LazyPart, QuoteBody } from "../quote-body";
import { isSharedDialog } from "../quote-dialogs";
import { QuoteEnded, showsDeal } from "../quote-ended";
import { useQuoteConnection } from "../use-quote-connection";
import { type QuoteViewProps, useQuotePage } from "../use-quote-page";
import { useQuotePrefetch } from "../use-quote-prefetch";
import { CustomerLine, DealerHeaderTop, ExpiredBadge } from "./dealer-header";

// The dealer's parts, each a chunk loaded on first use (the dialogs also once the page is idle).
const QuoteDialogHost = resilientLazy(() => import("../dialogs/quote-dialog-host"));
const DealerDialogHost = resilientLazy(() => import("./dealer-dialog-host"));
const AcceptedBanner = resilientLazy(() => import("./accepted-banner"));
const StockNotice = resilientLazy(() => import("./stock-notice"));
const QuoteAnswerFollower = resilientLazy(() => import("./quote-answer-follower"));

/** The dealer's own dialogs and the rate editor of the payments table. */
const dealerEditCode = () => [
  import("./dealer-dialog-host"),
  import("../rate-editor/rate-editor"),
  // The Desk's economics check (a chunk of its own, so the shopper's page never evaluates it).
  loadValidator("economics"),
];

/**
 * The dealer's working view of a quote (/quote/{id}?view=dealer): the deal, the customer, the
 * toolbar, the acceptance banner, the stock vehicle and the Desk. A lazy part of the quote page:
 * the shopper's page never loads it.
 */
export default function DealerQuoteView(props: QuoteViewProps) {
  const page = useQuotePage("dealer", props);
  const connection = useQuoteConnection(page.live, page.readOnly);
  const extrasReady = useQuotePrefetch(dealerEditCode);
  const { user } = useSession();
  usePageTitle(`${page.deal?.data.vehicle.description ?? ""} ${TEXT.quoteDetails}`.trim());

  if (!showsDeal(page)) return <QuoteEnded page={page} dealerMode />;
  const { quote, live, deal, dialog, dealState } = page;
  const customerInfo = live.customerInfo ?? readCustomerInfo(quote.data);

  const saveRate = async (tier: CreditTier, term: LoanTerm, rate: number) => {
    const key = String(term) as `${LoanTerm}`;
    const next: CustomInterestRates = structuredClone(deal.data.customInterestRates);
    const row = { ...next[tier] };
    // A rate back at the quote's table value is no override at all.
    if (rate === deal.data.interestRates[tier][key]) delete row[key];
    else row[key] = rate;
    if (Object.keys(row).length === 0) delete next[tier];
    else next[tier] = row;
    logRefusal(await live.update("customInterestRates", next));
  };

  return (
    <QuoteBody
      side="dealer"
      page={page}
      connection={connection}
      header={
        <QuoteHeader
          vehicle={deal.data.vehicle}
          top={
            <DealerHeaderTop
              quoteId={quote.id}
              vehicleDescription={deal.data.vehicle.description}
              expired={page.expired}
              open={page.openDialog}
              onRenewed={() => page.setExpired(false)}
            />
          }
          badge={page.expired ? <ExpiredBadge /> : null}
          bottom={customerInfo?.name ? <CustomerLine info={customerInfo} /> : null}
        />
      }
      sideNotices={
        <>
          {dealState.locked && dealState.acceptedVersion !== null ? (
            <LazyPart>
              <AcceptedBanner
                quoteId={quote.id}
                version={dealState.acceptedVersion}
                onReopened={() => page.setDealState((current) => ({ ...current, locked: false }))}
              />
            </LazyPart>
          ) : null}
          <LazyPart>
            <QuoteAnswerFollower
              quoteId={quote.id}
              answeredSeq={quote.stateSeq}
              onDealState={live.onDealState}
              onAnswer={page.setQuote}
            />
          </LazyPart>
          {quote.stock ? (
            <LazyPart>
              <StockNotice quoteId={quote.id} stock={quote.stock} />
            </LazyPart>
          ) : null}
        </>
      }
      statusText={connection.connected ? TEXT.statusConnected : TEXT.statusDisconnected}
      self={user ? memberLabel(user.firstName, user.role) : undefined}
      onRateChange={saveRate}
      showDesk
      extrasReady={extrasReady}
      dialogHost={
        dialog ? (
          isSharedDialog(dialog) ? (
            <QuoteDialogHost
              dialog={dialog}
              data={deal.data}
              breakdown={deal.breakdown}
              isDealer
              quoteId={quote.id}
              update={live.update}
              onClose={page.closeDialog}
            />
          ) : (
            <DealerDialogHost
              dialog={dialog}
              quoteId={quote.id}
              data={deal.data}
              dealership={dealershipOf(page)}
              customerInfo={customerInfo}
              update={live.update}
              onClose={page.closeDialog}
            />
          )
        ) : null
      }
    />
  );
}
