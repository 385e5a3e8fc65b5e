import { TextInput, type TextInputProps } from "@mantine/core";
import { formatAmountInput, sanitizeAmountInput } from "@shared/format";

type AmountInputProps = Omit<TextInputProps, "value" | "onChange"> & {
  value: string;
  onChange(value: string): void;
};

/** Dollars as spec §5 types them: digits and one decimal point; '1,234.50' once the field is left. */
export function AmountInput({ value, onChange, onBlur, ...props }: AmountInputProps) {
  return (
    <TextInput
      {...props}
      inputMode="decimal"
      autoComplete="off"
      leftSection="$"
      value={value}
      onChange={(event) => onChange(sanitizeAmountInput(event.currentTarget.value))}
      onBlur={(event) => {
        onChange(formatAmountInput(value));
        onBlur?.(event);
      }}
    />
  );
}
