import { memberLabel } from "@shared/permissions";
import { PRESENCE_TEXT, type ShopperActivity, shopperViewingText } from "@shared/presence-text";
import type { Awareness } from "y-protocols/awareness";
import { useSession } from "@/lib/session";
import type { QuoteDialog } from "../quote-dialogs";
import classes from "./presence-line.module.css";
import { usePresence, useTeammates } from "./use-presence";

/** What the shopper's open dialog tells the dealer. */
export function activityOf(dialog: QuoteDialog | null): ShopperActivity | null {
  switch (dialog?.kind) {
    case "amount":
      return dialog.target === "downPayment" ? "downPayment" : null;
    case "tradeIn":
      return dialog.fromAmountOwed ? "amountOwed" : "tradeIn";
    case "addOns":
      return "addOns";
    case "breakdown":
      return dialog.which === "dealerFees"
        ? "fees"
        : dialog.which === "taxes"
          ? "taxes"
          : "titleAndRegistration";
    default:
      return null;
  }
}

export interface PresenceLineProps {
  awareness: Awareness | null;
  isDealer: boolean;
  /** The dialog open on this page: a shopper's tells the dealer what is being worked on. */
  dialog: QuoteDialog | null;
}

/**
 * "Shopper is viewing: changing the downpayment" for the dealer, "Your sales consultant is here"
 * for the shopper, with a live dot. A polite live region, so a screen reader hears it change.
 */
export function PresenceLine({ awareness, isDealer, dialog }: PresenceLineProps) {
  const presence = usePresence(awareness, isDealer, isDealer ? null : activityOf(dialog));
  const { user } = useSession();
  const teammates = useTeammates(
    awareness,
    isDealer,
    user ? memberLabel(user.firstName, user.role) : undefined,
  );
  return (
    <div role="status" className={classes.line} data-testid="presence">
      {presence.here ? (
        <>
          <span className={classes.dot} aria-hidden="true" />
          <span>{isDealer ? shopperViewingText(presence.activity) : PRESENCE_TEXT.consultantHere}</span>
        </>
      ) : null}
      {teammates ? <span data-testid="teammates">{PRESENCE_TEXT.teammatesHere(teammates)}</span> : null}
    </div>
  );
}
