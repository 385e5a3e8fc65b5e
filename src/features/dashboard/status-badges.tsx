import { Badge } from "@mantine/core";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import { POSITIVE_BADGE_COLOR } from "./badge-color";
import { useAcceptedLive } from "./live-signals/live-signals";
import type { DashboardQuote } from "./quote-list-view";
import classes from "./quotes-list.module.css";

/** A quote's status on its row or card: Expired (spec §4) and Accepted (issue #19). */
export function StatusBadges({ quote, expired }: { quote: DashboardQuote; expired: boolean }) {
  const acceptedNow = useAcceptedLive(quote.id);
  return (
    <>
      {expired ? (
        <Badge color="gray.7" variant="filled" className={classes.badge}>
          {TEXT.expired}
        </Badge>
      ) : null}
      {quote.accepted || acceptedNow ? (
        <Badge
          color={POSITIVE_BADGE_COLOR}
          variant="filled"
          className={classes.badge}
          data-testid="quote-accepted"
        >
          {MSG.accepted}
        </Badge>
      ) : null}
    </>
  );
}
