import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { useEffect } from "react";
import buttonClasses from "@/components/button.module.css";
import { resilientLazy } from "@/lib/resilient-lazy";
import { ExpiredNotice, QuoteHeader } from "./components/quote-header";
import { ShopperOptions } from "./components/shopper-options";
import { dealershipOf, LazyPart, QuoteBody } from "./quote-body";
import { isSharedDialog } from "./quote-dialogs";
import { QuoteEnded, showsDeal } from "./quote-ended";
import { DealershipCard } from "./summary/dealership-card";
import { useQuoteConnection } from "./use-quote-connection";
import { type QuoteViewProps, useQuotePage } from "./use-quote-page";
import { useQuotePrefetch } from "./use-quote-prefetch";

// Dialogs load on first use (and once the page is idle: use-quote-prefetch.ts).
const QuoteDialogHost = resilientLazy(() => import("./dialogs/quote-dialog-host"));
const AcceptDialog = resilientLazy(() => import("./dialogs/accept-dialog"));
const DealNotices = resilientLazy(() => import("./deal-notices"));

/** The shopper's own dialogs, after the Mantine provider they render in: the acceptance. */
const shopperEditCode = (mantineScope: Promise<unknown>) => [
  mantineScope.then(() => import("./dialogs/accept-dialog")),
];

interface ShopperQuoteViewProps extends QuoteViewProps {
  /** A signed-in dealer on the shopper's page (issue #14): a banner, and never "customer looking". */
  preview?: boolean;
}

/** The shopper's quote page (the link the dealer shares): the deal, their choices, and "I want this deal". */
export function ShopperQuoteView({ preview = false, ...props }: ShopperQuoteViewProps) {
  const page = useQuotePage("shopper", props);
  const connection = useQuoteConnection(page.live, page.readOnly);
  const extrasReady = useQuotePrefetch(shopperEditCode);
  const description = page.deal?.data.vehicle.description ?? "";
  const dealership = dealershipOf(page);
  const dealershipName = dealership.dealershipName;
  useEffect(() => {
    document.title = QUOTE_TEXT.shopperTitle(description, dealershipName || TEXT.productName);
  }, [description, dealershipName]);

  if (!showsDeal(page)) return <QuoteEnded page={page} dealerMode={false} />;
  const { quote, live, deal, dialog, dealState } = page;
  const locked = dealState.locked;
  const canChange = !page.readOnly && !connection.replaced && !locked;

  return (
    <QuoteBody
      side="shopper"
      page={page}
      connection={connection}
      header={<QuoteHeader vehicle={deal.data.vehicle} bottom={page.expired ? <ExpiredNotice /> : null} />}
      sideNotices={
        <>
          {canChange ? (
            <ShopperOptions
              data={deal.selected.data}
              breakdown={deal.breakdown}
              open={page.openDialog}
              onSelectTier={page.selectTier}
            />
          ) : null}
          {canChange ? (
            <div>
              <button
                type="button"
                className={`${buttonClasses.button} mantine-focus-auto mantine-active`}
                onClick={() => page.openDialog({ kind: "accept" })}
                data-testid="want-this-deal"
              >
                {QUOTE_TEXT.wantThisDeal}
              </button>
            </div>
          ) : null}
          {preview || dealState.counterOffer !== null || dealState.acceptedVersion !== null ? (
            // The shopper's acceptance, the dealer's counter-offer (a new version the shopper can
            // take) and the dealer preview: a small chunk fetched only when one shows.
            <LazyPart>
              <DealNotices
                quoteId={quote.id}
                accepted={locked ? dealState.acceptedVersion : null}
                counterOffer={locked ? null : dealState.counterOffer}
                preview={preview}
              />
            </LazyPart>
          ) : null}
          <DealershipCard dealership={dealership} />
        </>
      }
      // Issue #34: the shopper reads plain words, not a connection state.
      statusText={
        connection.connected
          ? QUOTE_TEXT.shopperLive
          : connection.offline
            ? QUOTE_TEXT.shopperOffline
            : QUOTE_TEXT.shopperConnecting
      }
      showDesk={extrasReady}
      deskOnApproach
      extrasReady={extrasReady}
      dialogHost={
        dialog ? (
          <>
            {isSharedDialog(dialog) || dialog.kind === "addOns" ? (
              <QuoteDialogHost
                dialog={dialog}
                data={deal.data}
                breakdown={deal.breakdown}
                isDealer={false}
                quoteId={quote.id}
                update={live.update}
                onClose={page.closeDialog}
              />
            ) : null}
            {dialog.kind === "accept" ? (
              <AcceptDialog
                quoteId={quote.id}
                data={deal.data}
                onAccepted={(version) => {
                  page.setDealState({ locked: true, acceptedVersion: version, counterOffer: null });
                  page.closeDialog();
                }}
                onClose={page.closeDialog}
              />
            ) : null}
          </>
        ) : null
      }
    />
  );
}
