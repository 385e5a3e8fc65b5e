import { type CreditTier, isCreditTier } from "@shared/core/constants";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { useId, useRef, useState } from "react";
import classes from "./monthly-payments.module.css";

interface TierSelectProps {
  value: CreditTier;
  disabled: boolean;
  options: { value: CreditTier; label: string }[];
  onChange(tier: CreditTier): void;
  testId?: string;
  label?: string;
}

/** Keys that step a closed native select through its options, one change event per step. */
const STEP_KEYS = new Set([
  "ArrowUp",
  "ArrowDown",
  "ArrowLeft",
  "ArrowRight",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/**
 * The credit tier picker: a native select (light, and the phone's own picker). A pick from the
 * list commits at once; stepping with the keys only moves a draft, committed on Enter or on
 * leaving the field (Escape drops it), so the other side does not get one update per step.
 */
export function TierSelect({
  value,
  disabled,
  options,
  onChange,
  testId = "credit-tier-select",
  label = QUOTE_TEXT.creditTier,
}: TierSelectProps) {
  const id = useId();
  const [draft, setDraft] = useState<CreditTier | null>(null);
  const stepping = useRef(false);
  const commit = () => {
    stepping.current = false;
    if (draft !== null && draft !== value) onChange(draft);
    setDraft(null);
  };
  return (
    <div className={classes.tier}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <select
        id={id}
        className={classes.select}
        value={draft ?? value}
        disabled={disabled}
        onKeyDown={(event) => {
          // Type-ahead letters step too; Space opens the list, whose pick commits.
          if (STEP_KEYS.has(event.key) || (event.key.length === 1 && event.key !== " "))
            stepping.current = true;
          else if (event.key === "Enter") commit();
          else if (event.key === "Escape" && draft !== null) {
            event.preventDefault();
            stepping.current = false;
            setDraft(null);
          }
        }}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (!isCreditTier(next)) return;
          if (stepping.current) setDraft(next);
          else onChange(next);
        }}
        onPointerDown={() => {
          stepping.current = false;
        }}
        onBlur={commit}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
