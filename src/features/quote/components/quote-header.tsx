import { vehicleIsNew } from "@shared/constants";
import { formatCustomerPhone, formatMileage } from "@shared/format";
import { CORE_MSG, QUOTE_TEXT, TEXT, VEHICLE_FORM_LABELS } from "@shared/page-text";
import type { CustomerInfo, Vehicle } from "@shared/quote-schema";
import { lazy, Suspense } from "react";
import { Notice } from "@/components/notice";
import { AppLink } from "@/lib/app-link";
import type { QuoteDialog } from "../quote-dialogs";
import classes from "./quote-header.module.css";

const DealerToolbar = lazy(() => import("../dealer/dealer-toolbar"));

export interface QuoteHeaderProps {
  vehicle: Vehicle;
  isDealer: boolean;
  expired: boolean;
  customerInfo: CustomerInfo | null;
  open(dialog: QuoteDialog): void;
  /** The dealer renewed the expired quote (issue #14). */
  onRenewed?(expiresAt: string): void;
  quoteId: string;
}

/**
 * 'New | miles | color | Stock#' (spec §2), part by part. Issue #34: new or used from the field;
 * a blank colour is left out rather than shown as "No color".
 */
export function vehicleLineParts(vehicle: Vehicle): string[] {
  const parts = [
    vehicleIsNew(vehicle) ? VEHICLE_FORM_LABELS.new : VEHICLE_FORM_LABELS.used,
    formatMileage(vehicle.mileage),
  ];
  if (vehicle.color.trim()) parts.push(vehicle.color.trim());
  if (vehicle.stockNumber.trim()) parts.push(`Stock# ${vehicle.stockNumber.trim()}`);
  return parts;
}

/**
 * Only web links become clickable (never javascript: or data:). The same rule as isHttpUrl in
 * shared/schema-fields.ts, restated because that module loads zod, which the shopper's first
 * paint leaves out (see live/quote-reader.ts).
 */
export function isWebLink(raw: string): boolean {
  const value = raw.trim();
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * The vehicle heading and what goes with it: the dealer's breadcrumb, toolbar and customer line,
 * the shopper's expired notice. Plain elements: the shopper's page opens without Mantine.
 */
export function QuoteHeader({
  quoteId,
  vehicle,
  isDealer,
  expired,
  customerInfo,
  open,
  onRenewed = () => {},
}: QuoteHeaderProps) {
  return (
    <div className={classes.header}>
      {isDealer ? (
        <nav aria-label={QUOTE_TEXT.breadcrumb} className={classes.breadcrumbs}>
          <AppLink to="/dashboard" className={`dd-text dd-anchor ${classes.link} ${classes.crumb}`}>
            {QUOTE_TEXT.dashboard}
          </AppLink>
          <span className={classes.separator} aria-hidden="true">
            /
          </span>
          <span className={`dd-text ${classes.crumb} ${classes.current}`} aria-current="page">
            {vehicle.description}
          </span>
        </nav>
      ) : null}

      {isDealer ? (
        <Suspense fallback={<div className={classes.toolbarSpace} />}>
          <DealerToolbar quoteId={quoteId} expired={expired} open={open} onRenewed={onRenewed} />
        </Suspense>
      ) : null}

      <div className={classes.heading}>
        <h1 className={`dd-h1 ${classes.title}`}>{vehicle.description}</h1>
        {expired && isDealer ? (
          <span
            className={`dd-text dd-text-sm dd-secondary-text ${classes.badge}`}
            data-testid="expired-badge"
          >
            {TEXT.expired}
          </span>
        ) : null}
      </div>
      <p className={`dd-text dd-secondary-text ${classes.vehicleLine}`} data-testid="vehicle-line">
        {/* A part never breaks inside ("Stock# A1234" stays whole, issue #14); the line wraps between parts. */}
        {vehicleLineParts(vehicle).map((part, i) => (
          <span key={part}>
            {i > 0 ? " | " : null}
            <span className={classes.part}>{part}</span>
          </span>
        ))}
      </p>
      {isWebLink(vehicle.advertisedUrl) ? (
        <a
          href={vehicle.advertisedUrl.trim()}
          target="_blank"
          rel="noopener noreferrer"
          className={`dd-text dd-text-sm dd-anchor ${classes.link}`}
        >
          {TEXT.viewOnDealerWebsite}
          <span aria-hidden="true"> ↗</span>
          <span className="dd-visually-hidden">{QUOTE_TEXT.opensInNewTab}</span>
        </a>
      ) : null}

      {isDealer && customerInfo?.name ? <CustomerLine info={customerInfo} /> : null}

      {expired && !isDealer ? (
        <div className={classes.expired}>
          <Notice tone="warning" title={CORE_MSG.quoteExpired} data-testid="expired-notice">
            {QUOTE_TEXT.expiredNote}
          </Notice>
        </div>
      ) : null}
    </div>
  );
}

function CustomerLine({ info }: { info: CustomerInfo }) {
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
