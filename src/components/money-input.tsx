import { TextInput, type TextInputProps } from "@mantine/core";
import { formatAmountInput, sanitizeAmountInput } from "@shared/core/format";

type MoneyInputProps = Omit<TextInputProps, "value" | "onChange"> & {
  value: string;
  /** Every keystroke ("typed") and the tidy-up when the field is left ("formatted"). */
  onChange(value: string, how: "typed" | "formatted"): void;
  /**
   * Typed as is, and tidied on leaving only while the field shows no error, so that a wrong
   * entry keeps its message (the add-ons' selling prices). Default: digits and one point only.
   */
  free?: boolean;
};

/**
 * The one money field (issue #14's browser toolbox): dollars as spec §5 types them, digits and one
 * decimal point, '1,234.50' once the field is left; a "$" before them and the phone's decimal keypad.
 */
export function MoneyInput({ value, onChange, onBlur, free = false, ...props }: MoneyInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection="$"
      {...props}
      value={value}
      onChange={(event) =>
        onChange(free ? event.currentTarget.value : sanitizeAmountInput(event.currentTarget.value), "typed")
      }
      onBlur={(event) => {
        if (!(free && props.error)) {
          const formatted = formatAmountInput(value);
          if (formatted !== value) onChange(formatted, "formatted");
        }
        onBlur?.(event);
      }}
    />
  );
}
