import { PRESENCE_TEXT, type ShopperActivity, shopperViewingText } from "@shared/text/presence-text";
import type { Awareness } from "y-protocols/awareness";
import type { QuoteDialog } from "../quote-dialogs";
import classes from "./presence-line.module.css";
import { usePresence } from "./use-presence";

/** What the shopper's open dialog tells the dealer. */
function activityOf(dialog: QuoteDialog | null): ShopperActivity | null {
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

interface PresenceLineProps {
  awareness: Awareness | null;
  isDealer: boolean;
  /** The dialog open on this page: a shopper's tells the dealer what is being worked on. */
  dialog: QuoteDialog | null;
  /** The dealer's own label ("Dana (manager)"): their other tabs are not teammates. */
  self?: string;
}

/**
 * "Shopper is viewing: changing the downpayment" for the dealer, "Your sales consultant is here"
 * for the shopper, with a live dot. A polite live region, so a screen reader hears it change.
 */
export function PresenceLine({ awareness, isDealer, dialog, self }: PresenceLineProps) {
  const presence = usePresence(awareness, isDealer, isDealer ? null : activityOf(dialog), self);
  return (
    <div role="status" className={classes.line} data-testid="presence">
      {presence.here ? (
        <>
          <span className={classes.dot} aria-hidden="true" />
          <span>{isDealer ? shopperViewingText(presence.activity) : PRESENCE_TEXT.consultantHere}</span>
        </>
      ) : null}
      {presence.teammates ? (
        <span data-testid="teammates">{PRESENCE_TEXT.teammatesHere(presence.teammates)}</span>
      ) : null}
    </div>
  );
}
