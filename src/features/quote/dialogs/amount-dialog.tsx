import { amountToInput } from "@shared/core/format";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { type AmountField, amountDialogResult, validateAmountDialog } from "@shared/validation/amount-dialog";
import { type FormEvent, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { DialogActions } from "./dialog-actions";
import { QuoteModal } from "./quote-modal";
import { UpdatedNotice } from "./updated-notice";
import { useDialogDraft } from "./use-dialog-draft";

interface AmountDialogProps {
  title: string;
  /** The field it edits: the sign of the saved amount comes from it (the downpayment is negative). */
  field: AmountField;
  /** The stored amount in dollars, live (a negative downpayment is shown unsigned). */
  current: number;
  /** Who else edits the deal, for the "Updated by ..." notice. */
  isDealer: boolean;
  /**
   * Saves the amount; resolves to the reason in the field's words when it was refused (issue #34:
   * every refused save explains itself here), undefined once saved (the dialog is then closed).
   */
  onSave(amount: number): Promise<string | undefined>;
  onClose(): void;
}

/**
 * The amount dialog of spec §5: digits and one decimal point, formatted on blur, blank is 0,
 * Enter saves, Escape cancels. A remote edit of the amount shows in the dialog while the user has
 * not changed it, and never overwrites what the user is typing; Save writes only a changed amount.
 */
export function AmountDialog({ title, field, current, isDealer, onSave, onClose }: AmountDialogProps) {
  const draft = useDialogDraft({ amount: current === 0 ? "" : amountToInput(Math.abs(current)) });
  const raw = draft.values.amount;
  const setRaw = (value: string) => draft.set("amount", value);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = validateAmountDialog(raw).amount;
    setError(message);
    if (message !== undefined) return;
    const next = amountDialogResult(field, draft.changes().amount);
    if (next === current) onClose();
    else setError(await onSave(next));
  };

  return (
    <QuoteModal title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <UpdatedNotice show={draft.updatedRemotely} isDealer={isDealer} />
        <MoneyInput
          label={QUOTE_TEXT.amount}
          value={raw}
          onChange={(value, how) => {
            setRaw(value);
            if (how === "typed") setError(undefined);
          }}
          error={error}
          data-autofocus
          data-testid="amount-input"
        />
        <DialogActions onCancel={onClose} />
      </form>
    </QuoteModal>
  );
}
