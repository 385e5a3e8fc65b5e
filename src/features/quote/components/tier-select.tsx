import { Box } from "@mantine/core";
import { type CreditTier, isCreditTier } from "@shared/constants";
import { QUOTE_TEXT } from "@shared/messages";
import { useId } from "react";
import classes from "./monthly-payments.module.css";

export interface TierSelectProps {
  value: CreditTier;
  disabled: boolean;
  options: { value: CreditTier; label: string }[];
  onChange(tier: CreditTier): void;
}

/** The credit tier picker: a native select (light, and the phone's own picker). */
export function TierSelect({ value, disabled, options, onChange }: TierSelectProps) {
  const id = useId();
  return (
    <Box mb="md" maw={320}>
      <label htmlFor={id} className={classes.label}>
        {QUOTE_TEXT.creditTier}
      </label>
      <select
        id={id}
        className={classes.select}
        value={value}
        disabled={disabled}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isCreditTier(next)) onChange(next);
        }}
        data-testid="credit-tier-select"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Box>
  );
}
