import type { QuoteDealership } from "@shared/core/api-types";
import { formatDealerPhone } from "@shared/core/format";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { memo } from "react";
import classes from "./summary.module.css";

/** '1 Main St, Springfield, IL 62701' from the parts the dealer filled in. */
function dealershipAddress(d: QuoteDealership): string {
  const cityLine = [d.city, [d.state, d.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [d.streetAddress, cityLine].filter(Boolean).join(", ");
}

/**
 * Who the quote comes from, for the shopper: the dealership's name, address and phone (a tel:
 * link) and the consultant. Renders from the plain REST value.
 */
export const DealershipCard = memo(function DealershipCard({ dealership }: { dealership: QuoteDealership }) {
  const address = dealershipAddress(dealership);
  const phone = dealership.phoneNumber;
  const name = dealership.dealershipName;
  return (
    <section aria-label={QUOTE_TEXT.dealership} className={classes.card} data-testid="dealership">
      {name ? (
        <p className={`dd-text dd-text-lg ${classes.strong}`} data-testid="dealership-name">
          {name}
        </p>
      ) : null}
      {address ? (
        <p className="dd-text dd-text-sm dd-secondary-text" data-testid="dealership-address">
          {address}
        </p>
      ) : null}
      {phone ? (
        <a
          href={`tel:+1${phone}`}
          className={`dd-text dd-anchor ${classes.link}`}
          data-testid="dealership-phone"
        >
          {formatDealerPhone(phone)}
        </a>
      ) : null}
      {dealership.consultant ? (
        <p className={`dd-text dd-text-sm ${classes.consultant}`} data-testid="dealership-consultant">
          {QUOTE_TEXT.consultant(dealership.consultant)}
        </p>
      ) : null}
    </section>
  );
});
