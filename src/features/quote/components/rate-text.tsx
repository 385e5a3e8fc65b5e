import { formatPercent } from "@shared/core/format";
import type { PaymentCell } from "@shared/deal/pricing";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { lazy, Suspense, useState } from "react";
import classes from "./monthly-payments.module.css";

// The editor is dealer-only: a shopper's page never downloads it.
const RateEditor = lazy(() => import("../rate-editor/rate-editor"));

interface RateTextProps {
  cell: PaymentCell;
  /** 'Good, 60 months': names the edit button and the input. */
  label: string;
  editable: boolean;
  onSave(rate: number): void;
}

/** The APR under a payment; the dealer clicks it to edit, and sees the default beside a custom rate. */
export function RateText({ cell, label, editable, onSave }: RateTextProps) {
  const [editing, setEditing] = useState(false);
  const text = QUOTE_TEXT.apr(formatPercent(cell.rate));
  if (!editable) {
    return <p className="dd-text dd-text-xs dd-secondary-text">{text}</p>;
  }
  const shown = cell.isCustom ? `${text} ${TEXT.defaultRateNote(formatPercent(cell.defaultRate))}` : text;
  if (editing) {
    return (
      <Suspense fallback={<p className="dd-text dd-text-xs">{shown}</p>}>
        <RateEditor
          initial={cell.rate}
          label={label}
          onSave={(rate) => {
            setEditing(false);
            onSave(rate);
          }}
          onCancel={() => setEditing(false)}
        />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      className={`${classes.rateButton} mantine-focus-auto`}
      onClick={() => setEditing(true)}
      aria-label={QUOTE_TEXT.editRate(label, shown)}
      data-custom={cell.isCustom || undefined}
    >
      {shown}
    </button>
  );
}
