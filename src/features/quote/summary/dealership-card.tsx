import { Anchor, Box, Text } from "@mantine/core";
import type { QuoteDealership } from "@shared/api-types";
import { formatDealerPhone } from "@shared/format";
import { QUOTE_TEXT } from "@shared/messages";
import classes from "./summary.module.css";

/** '1 Main St, Springfield, IL 62701' from the parts the dealer filled in. */
export function dealershipAddress(d: QuoteDealership): string {
  const cityLine = [d.city, [d.state, d.zipCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return [d.streetAddress, cityLine].filter(Boolean).join(", ");
}

/**
 * Who the quote comes from, for the shopper: the dealership's name, address and phone (a tel:
 * link) and the consultant. Renders from the plain REST value.
 */
export function DealershipCard({ dealership }: { dealership: QuoteDealership }) {
  const address = dealershipAddress(dealership);
  const phone = dealership.phoneNumber;
  const name = dealership.dealershipName;
  return (
    <Box
      component="section"
      aria-label={QUOTE_TEXT.dealership}
      className={classes.card}
      data-testid="dealership"
    >
      {name ? (
        <Text fw={700} size="lg" data-testid="dealership-name">
          {name}
        </Text>
      ) : null}
      {address ? (
        <Text size="sm" className="dd-secondary-text" data-testid="dealership-address">
          {address}
        </Text>
      ) : null}
      {phone ? (
        <Anchor href={`tel:+1${phone}`} className={classes.link} data-testid="dealership-phone">
          {formatDealerPhone(phone)}
        </Anchor>
      ) : null}
      {dealership.consultant ? (
        <Text size="sm" mt={4} data-testid="dealership-consultant">
          {QUOTE_TEXT.consultant(dealership.consultant)}
        </Text>
      ) : null}
    </Box>
  );
}
