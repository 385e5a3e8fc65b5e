import { vehicleIsNew } from "@shared/core/constants";
import { formatMileage } from "@shared/core/format";
import { isHttpUrl } from "@shared/core/web-link";
import type { Vehicle } from "@shared/schemas/quote-schema";
import { CORE_MSG, QUOTE_TEXT, TEXT, VEHICLE_FORM_LABELS } from "@shared/text/page-text";
import type { ReactNode } from "react";
import { memo } from "react";
import { Notice } from "@/components/notice";
import classes from "./quote-header.module.css";

interface QuoteHeaderProps {
  vehicle: Vehicle;
  /** Above the heading: the dealer's breadcrumb and toolbar. */
  top?: ReactNode;
  /** Beside the title: the dealer's "Expired" badge. */
  badge?: ReactNode;
  /** Below the vehicle: the dealer's customer line, or the shopper's expired notice. */
  bottom?: ReactNode;
}

/**
 * 'New | miles | color | Stock#' (spec §2), part by part. Issue #34: new or used from the field;
 * a blank colour is left out rather than shown as "No color".
 */
function vehicleLineParts(vehicle: Vehicle): string[] {
  const parts = [
    vehicleIsNew(vehicle) ? VEHICLE_FORM_LABELS.new : VEHICLE_FORM_LABELS.used,
    formatMileage(vehicle.mileage),
  ];
  if (vehicle.color.trim()) parts.push(vehicle.color.trim());
  if (vehicle.stockNumber.trim()) parts.push(`Stock# ${vehicle.stockNumber.trim()}`);
  return parts;
}

/**
 * The vehicle heading and what goes with it: its line and the dealer's website. Each side adds its
 * own parts (the dealer's breadcrumb, toolbar, expired badge and customer line:
 * dealer/dealer-header.tsx; the shopper's expired notice). Plain elements: the shopper's page
 * opens without Mantine.
 */
export const QuoteHeader = memo(function QuoteHeader({ vehicle, top, badge, bottom }: QuoteHeaderProps) {
  return (
    <div className={classes.header}>
      {top}

      <div className={classes.heading}>
        <h1 className={`dd-h1 ${classes.title}`}>{vehicle.description}</h1>
        {badge}
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
      {isHttpUrl(vehicle.advertisedUrl) ? (
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

      {bottom}
    </div>
  );
});

/** The shopper's expired quote (issue #14): read-only, and why. */
export function ExpiredNotice() {
  return (
    <div className={classes.expired}>
      <Notice tone="warning" title={CORE_MSG.quoteExpired} data-testid="expired-notice">
        {QUOTE_TEXT.expiredNote}
      </Notice>
    </div>
  );
}
