import { TextInput } from "@mantine/core";
import { amountToInput, parseAmountInput } from "@shared/core/format";
import { useEffect, useState } from "react";
import { MoneyInput } from "@/components/money-input";

// The Desk's economics fields: each shows a remote edit while it is not being typed in, and saves
// when left (a live edit of the economics document).

/** A money field of the economics, saved when left (a live edit of the private document). */
export function EconomicsMoney({
  label,
  value,
  onSave,
  disabled,
  testId,
}: {
  label: string;
  value: number | undefined;
  onSave(dollars: number | undefined): Promise<string | undefined>;
  disabled: boolean;
  testId: string;
}) {
  const shown = value === undefined ? "" : amountToInput(value);
  const [raw, setRaw] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  // A remote edit shows while this field is not being typed in.
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) setRaw(shown);
  }, [shown, typing]);
  return (
    <MoneyInput
      label={label}
      value={raw}
      disabled={disabled}
      error={error}
      onChange={(next, how) => {
        setRaw(next);
        if (how === "typed") setTyping(true);
      }}
      onBlur={async () => {
        setTyping(false);
        const dollars = raw.trim() === "" ? undefined : parseAmountInput(raw);
        if (dollars === value) return;
        setError(await onSave(dollars));
      }}
      data-testid={testId}
    />
  );
}

export function NumberField({
  label,
  value,
  onSave,
  disabled,
  testId,
  description,
}: {
  label: string;
  description?: string;
  value: number | undefined;
  onSave(value: number | undefined): Promise<string | undefined>;
  disabled: boolean;
  testId: string;
}) {
  const shown = value === undefined ? "" : String(value);
  const [raw, setRaw] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) setRaw(shown);
  }, [shown, typing]);
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="decimal"
      autoComplete="off"
      value={raw}
      disabled={disabled}
      error={error}
      onChange={(event) => {
        setRaw(event.currentTarget.value);
        setTyping(true);
      }}
      onBlur={async () => {
        setTyping(false);
        const text = raw.trim();
        const next = text === "" ? undefined : Number(text);
        if (next === value) return;
        setError(await onSave(next !== undefined && Number.isFinite(next) ? next : Number.NaN));
      }}
      data-testid={testId}
    />
  );
}
