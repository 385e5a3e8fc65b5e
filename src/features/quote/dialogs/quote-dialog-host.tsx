import type { Breakdown } from "@shared/deal/pricing";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { CORE_MSG, TEXT } from "@shared/text/page-text";
import type { UpdateResult } from "../live/field-adapter";
import type { LiveQuoteState } from "../live/use-live-quote";
import type { AmountTarget, QuoteDialog } from "../quote-dialogs";
import { AddOnsDialog } from "./add-ons-dialog";
import { AmountDialog } from "./amount-dialog";
import { BreakdownDialog } from "./breakdown-dialog";
import { TradeInDialog } from "./trade-in-dialog";

const AMOUNT_TITLES: Record<AmountTarget, string> = {
  advertisedPrice: TEXT.advertisedPrice,
  discount: TEXT.discount,
  downPayment: TEXT.downPayment,
};

interface QuoteDialogHostProps {
  dialog: Extract<QuoteDialog, { kind: "amount" | "tradeIn" | "addOns" | "breakdown" }>;
  data: QuoteData;
  breakdown: Breakdown;
  isDealer: boolean;
  quoteId: string;
  update: LiveQuoteState["update"];
  onClose(): void;
}

/**
 * The dialogs both roles open. A chunk of its own, loaded on the first click: they need the
 * shared validation rules (and with them zod), which the shopper's first paint does without.
 */
export default function QuoteDialogHost({
  dialog,
  data,
  breakdown,
  isDealer,
  quoteId,
  update,
  onClose,
}: QuoteDialogHostProps) {
  const closeIfSaved = (result: UpdateResult) => {
    if (result.ok) onClose();
    else console.error("The change was not saved", result.errors);
  };
  /** Closes once saved; else the refusal in the field's words, for the dialog to show (issue #34). */
  const saveOrExplain = (result: UpdateResult): string | undefined => {
    if (result.ok) {
      onClose();
      return undefined;
    }
    return result.errors[0]?.message ?? CORE_MSG.internalError;
  };

  switch (dialog.kind) {
    case "amount": {
      const target = dialog.target;
      return (
        <AmountDialog
          title={AMOUNT_TITLES[target]}
          field={target}
          current={target === "downPayment" ? data.downPayment : data.pricing[target]}
          isDealer={isDealer}
          onSave={async (amount) =>
            // Issue #34: a refusal (the down payment bound, a discount above the price) shows here.
            saveOrExplain(
              target === "downPayment"
                ? await update("downPayment", amount)
                : await update("pricing", { ...data.pricing, [target]: amount }),
            )
          }
          onClose={onClose}
        />
      );
    }
    case "tradeIn":
      return (
        <TradeInDialog
          quoteId={quoteId}
          data={data}
          isDealer={isDealer}
          amountOwedOnly={dialog.fromAmountOwed && !isDealer}
          focusAmountOwed={dialog.fromAmountOwed}
          onSave={async (result) => {
            if (result.tradeIn) {
              const saved = await update("tradeIn", result.tradeIn);
              if (!saved.ok) return closeIfSaved(saved);
            }
            closeIfSaved(await update("amountOwedOnTradeIn", result.amountOwedOnTradeIn));
          }}
          onClose={onClose}
        />
      );
    case "addOns":
      return <AddOnsDialog addOns={data.addOns} onClose={onClose} />;
    case "breakdown":
      return <BreakdownDialog which={dialog.which} breakdown={breakdown} onClose={onClose} />;
  }
}
