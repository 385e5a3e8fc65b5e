import { DEAL_NOTICE_TEXT } from "@shared/text/deal-notice-messages";
import { Notice } from "@/components/notice";
import { AppLink } from "@/lib/app-link";

// The shopper page's notices about the deal's state: the acceptance (issue #19), the dealer's
// counter-offer with its deal sheet, and the dealer preview (issue #14). A chunk of its own: a
// shopper downloads it only when one of them shows.

interface DealNoticesProps {
  quoteId: string;
  /** The shopper's accepted version while the deal is locked. */
  accepted: number | null;
  /** The dealer's counter-offer while the deal is open again. */
  counterOffer: number | null;
  preview: boolean;
}

export default function DealNotices({ quoteId, accepted, counterOffer, preview }: DealNoticesProps) {
  const quotePath = `/quote/${encodeURIComponent(quoteId)}`;
  const sheetLink = (version: number) => (
    <AppLink to={`${quotePath}/versions/${version}/sheet`}>{DEAL_NOTICE_TEXT.viewSheet}</AppLink>
  );
  return (
    <>
      {accepted !== null ? (
        <Notice tone="success" data-testid="deal-accepted">
          {DEAL_NOTICE_TEXT.youAccepted(accepted)} {sheetLink(accepted)}
        </Notice>
      ) : null}
      {counterOffer !== null ? (
        <Notice tone="info" data-testid="counter-offer">
          {DEAL_NOTICE_TEXT.counterOffer(counterOffer)} {sheetLink(counterOffer)}
        </Notice>
      ) : null}
      {preview ? (
        <Notice tone="info" data-testid="dealer-preview">
          {DEAL_NOTICE_TEXT.dealerPreview}{" "}
          <AppLink to={`${quotePath}?view=dealer`}>{DEAL_NOTICE_TEXT.openAsDealer}</AppLink>
        </Notice>
      ) : null}
    </>
  );
}
