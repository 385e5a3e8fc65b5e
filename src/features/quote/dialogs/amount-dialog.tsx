import { Button, Group, TextInput } from "@mantine/core";
import { amountToInput, formatAmountInput, sanitizeAmountInput } from "@shared/format";
import { QUOTE_TEXT, TEXT } from "@shared/messages";
import { amountDialogResult, validateAmountDialog } from "@shared/validation/amount-dialog";
import { type FormEvent, useState } from "react";
import { QuoteModal } from "./quote-modal";

export interface AmountDialogProps {
  /** 'Downpayment', 'Discount', ...: a title with 'downpayment' or 'trade-in' saves a negative amount. */
  title: string;
  /** The stored amount in dollars (a negative downpayment is shown unsigned). */
  initial: number;
  onSave(amount: number): void;
  onClose(): void;
}

/**
 * The amount dialog of spec §5: digits and one decimal point, formatted on blur, blank is 0,
 * Enter saves, Escape cancels. Its value lives here from opening to closing, so a remote edit of
 * the same amount never overwrites what the user is typing.
 */
export function AmountDialog({ title, initial, onSave, onClose }: AmountDialogProps) {
  const [raw, setRaw] = useState(() => (initial === 0 ? "" : amountToInput(Math.abs(initial))));
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = validateAmountDialog(raw).amount;
    setError(message);
    if (message === undefined) onSave(amountDialogResult(title, raw));
  };

  return (
    <QuoteModal title={title} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <TextInput
          label={QUOTE_TEXT.amount}
          value={raw}
          onChange={(event) => {
            setRaw(sanitizeAmountInput(event.currentTarget.value));
            setError(undefined);
          }}
          onBlur={() => setRaw((value) => formatAmountInput(value))}
          leftSection="$"
          inputMode="decimal"
          autoComplete="off"
          error={error}
          data-autofocus
          data-testid="amount-input"
        />
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={onClose}>
            {TEXT.cancel}
          </Button>
          <Button type="submit">{TEXT.save}</Button>
        </Group>
      </form>
    </QuoteModal>
  );
}
