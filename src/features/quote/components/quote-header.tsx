import { Anchor, Box, Breadcrumbs, Group, Text, VisuallyHidden } from "@mantine/core";
import { formatCustomerPhone, formatMileage } from "@shared/format";
import { MSG, QUOTE_TEXT, TEXT } from "@shared/messages";
import type { CustomerInfo, Vehicle } from "@shared/quote-schema";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
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

/** 'miles | color (or No color) | Stock#' (spec §2), part by part. */
export function vehicleLineParts(vehicle: Vehicle): string[] {
  const parts = [formatMileage(vehicle.mileage), vehicle.color.trim() || TEXT.noColor];
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
    <Box mb="lg">
      {isDealer ? (
        <Breadcrumbs
          mb="sm"
          separator="/"
          aria-label={QUOTE_TEXT.breadcrumb}
          styles={{ breadcrumb: { minWidth: 0 } }}
        >
          <Anchor component={Link} to="/dashboard" className={classes.link}>
            {QUOTE_TEXT.dashboard}
          </Anchor>
          <Text component="span" truncate aria-current="page">
            {vehicle.description}
          </Text>
        </Breadcrumbs>
      ) : null}

      {isDealer ? (
        <Suspense fallback={<Box h={36} mb="sm" />}>
          <DealerToolbar quoteId={quoteId} expired={expired} open={open} onRenewed={onRenewed} />
        </Suspense>
      ) : null}

      <Group gap="sm" align="center">
        <h1 className="dd-h1" style={{ overflowWrap: "anywhere" }}>
          {vehicle.description}
        </h1>
        {expired && isDealer ? (
          <Text component="span" size="sm" fw={700} className="dd-secondary-text" data-testid="expired-badge">
            {TEXT.expired}
          </Text>
        ) : null}
      </Group>
      <Text className="dd-secondary-text" mt={4} data-testid="vehicle-line">
        {/* A part never breaks inside ("Stock# A1234" stays whole, issue #14); the line wraps between parts. */}
        {vehicleLineParts(vehicle).map((part, i) => (
          <span key={part}>
            {i > 0 ? " | " : null}
            <span style={{ whiteSpace: "nowrap" }}>{part}</span>
          </span>
        ))}
      </Text>
      {isWebLink(vehicle.advertisedUrl) ? (
        <Anchor
          href={vehicle.advertisedUrl.trim()}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          className={classes.link}
        >
          {TEXT.viewOnDealerWebsite}
          <span aria-hidden="true"> ↗</span>
          <VisuallyHidden>{QUOTE_TEXT.opensInNewTab}</VisuallyHidden>
        </Anchor>
      ) : null}

      {isDealer && customerInfo?.name ? <CustomerLine info={customerInfo} /> : null}

      {expired && !isDealer ? (
        <Box mt="md">
          <Notice tone="warning" title={MSG.quoteExpired} data-testid="expired-notice">
            {QUOTE_TEXT.expiredNote}
          </Notice>
        </Box>
      ) : null}
    </Box>
  );
}

function CustomerLine({ info }: { info: CustomerInfo }) {
  return (
    <Group gap="xs" mt="xs" data-testid="customer-line" wrap="wrap">
      <Text size="sm" fw={500}>
        {QUOTE_TEXT.customer(info.name)}
      </Text>
      {info.email ? (
        <Anchor size="sm" href={`mailto:${info.email}`} className={classes.link}>
          {info.email}
        </Anchor>
      ) : null}
      {info.phone ? (
        <Anchor size="sm" href={`tel:+${info.phone}`} className={classes.link}>
          {formatCustomerPhone(info.phone)}
        </Anchor>
      ) : null}
    </Group>
  );
}
