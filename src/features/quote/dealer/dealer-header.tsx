import { formatCustomerPhone } from "@shared/core/format";
import type { CustomerInfo } from "@shared/schemas/quote-schema";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { lazy, Suspense } from "react";
import { AppLink } from "@/lib/app-link";
import classes from "../components/quote-header.module.css";
import type { QuoteDialog } from "../quote-dialogs";

// The dealer's parts of the quote's header (components/quote-header.tsx): the breadcrumb and the
// toolbar above the heading, the expired badge beside it, the customer line below.

const DealerToolbar = lazy(() => import("./dealer-toolbar"));

export function DealerHeaderTop({
  quoteId,
  vehicleDescription,
  expired,
  open,
  onRenewed,
}: {
  quoteId: string;
  vehicleDescription: string;
  expired: boolean;
  open(dialog: QuoteDialog): void;
  /** The dealer renewed the expired quote (issue #14). */
  onRenewed(expiresAt: string): void;
}) {
  return (
    <>
      <nav aria-label={QUOTE_TEXT.breadcrumb} className={classes.breadcrumbs}>
        <AppLink to="/dashboard" className={`dd-text dd-anchor ${classes.link} ${classes.crumb}`}>
          {QUOTE_TEXT.dashboard}
        </AppLink>
        <span className={classes.separator} aria-hidden="true">
          /
        </span>
        <span className={`dd-text ${classes.crumb} ${classes.current}`} aria-current="page">
          {vehicleDescription}
        </span>
      </nav>

      <Suspense fallback={<div className={classes.toolbarSpace} />}>
        <DealerToolbar quoteId={quoteId} expired={expired} open={open} onRenewed={onRenewed} />
      </Suspense>
    </>
  );
}

export function ExpiredBadge() {
  return (
    <span className={`dd-text dd-text-sm dd-secondary-text ${classes.badge}`} data-testid="expired-badge">
      {TEXT.expired}
    </span>
  );
}

export function CustomerLine({ info }: { info: CustomerInfo }) {
  return (
    <div className={classes.customer} data-testid="customer-line">
      <p className={`dd-text dd-text-sm ${classes.customerName}`}>{QUOTE_TEXT.customer(info.name)}</p>
      {info.email ? (
        <a href={`mailto:${info.email}`} className={`dd-text dd-text-sm dd-anchor ${classes.link}`}>
          {info.email}
        </a>
      ) : null}
      {info.phone ? (
        <a href={`tel:+${info.phone}`} className={`dd-text dd-text-sm dd-anchor ${classes.link}`}>
          {formatCustomerPhone(info.phone)}
        </a>
      ) : null}
    </div>
  );
}
