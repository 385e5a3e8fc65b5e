import { Badge } from "@mantine/core";
import { MSG, TEXT } from "@shared/messages";
import type { DashboardQuote } from "./quote-list-view";
import classes from "./quotes-list.module.css";

/** The dashboard's green badges ("Customer looking now", "Accepted"): white on it is 6.4:1 at badge size. */
export const POSITIVE_BADGE_COLOR = "#1e6b30";

/** A quote's status on its row or card: Expired (spec §4) and Accepted (issue #19). */
export function StatusBadges({ quote, expired }: { quote: DashboardQuote; expired: boolean }) {
  return (
    <>
      {expired ? (
        <Badge color="gray.7" variant="filled" className={classes.badge}>
          {TEXT.expired}
        </Badge>
      ) : null}
      {quote.accepted ? (
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
