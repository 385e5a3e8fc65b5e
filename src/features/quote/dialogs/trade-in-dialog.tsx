import { Checkbox, Stack, Text, TextInput } from "@mantine/core";
import { TRADE_IN_CONDITIONS } from "@shared/core/constants";
import { amountToInput, digitsOnly } from "@shared/core/format";
import { hasErrors } from "@shared/schemas/field-rules";
import type { QuoteData, TradeIn } from "@shared/schemas/quote-schema";
import { DEAL_OFFER_TEXT } from "@shared/text/deal-offer-text";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import {
  firstInvalidField,
  type TradeInField,
  type TradeInValues,
  tradeInFromDialog,
  validateTradeIn,
} from "@shared/validation/trade-in";
import { type FormEvent, useId, useRef, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { ScanVinButton } from "@/components/vin/scan-vin-button";
import { decodeForMember, decodeThroughQuote } from "@/components/vin/vin-api";
import { prefersScanning, useVinLookup, VinLookupNote } from "@/components/vin/vin-lookup";
import { DialogActions } from "./dialog-actions";
import { QuoteModal } from "./quote-modal";
import classes from "./quote-modal.module.css";
import { UpdatedNotice } from "./updated-notice";
import { useDialogDraft } from "./use-dialog-draft";

interface TradeInDialogProps {
  /** The quote: a shopper decodes the trade-in's VIN through it (issue #50). */
  quoteId: string;
  /** The live deal: a field the user has not changed follows the other side's edits. */
  data: Pick<QuoteData, "tradeIn" | "amountOwedOnTradeIn">;
  isDealer: boolean;
  /** A shopper who came from the amount-owed line edits only the amount owed (spec §6). */
  amountOwedOnly: boolean;
  /** Opened from the amount-owed line: that field takes the focus. */
  focusAmountOwed?: boolean;
  onSave(result: { tradeIn?: TradeIn; amountOwedOnTradeIn: number }): void;
  onClose(): void;
}

const LABELS: Record<TradeInField, string> = QUOTE_TEXT.tradeInFields;

function initialValues({ tradeIn, amountOwedOnTradeIn }: TradeInDialogProps["data"]): TradeInValues {
  const v = tradeIn.vehicle;
  return {
    hasTradeIn: tradeIn.hasTradeIn,
    description: v.description,
    vin: v.vin,
    mileage: v.mileage ? String(v.mileage) : "",
    condition: v.condition,
    value: v.value === undefined ? "" : amountToInput(v.value),
    amountOwed: amountOwedOnTradeIn ? amountToInput(amountOwedOnTradeIn) : "",
  };
}

/** The trade-in / amount owed dialog of spec §2 and §5. */
export function TradeInDialog({
  quoteId,
  data,
  isDealer,
  amountOwedOnly,
  focusAmountOwed = amountOwedOnly,
  onSave,
  onClose,
}: TradeInDialogProps) {
  const draft = useDialogDraft(initialValues(data));
  const values = draft.values;
  const [submitted, setSubmitted] = useState(false);
  const refs = useRef<Partial<Record<TradeInField, HTMLInputElement | null>>>({});
  const conditionsId = useId();
  const options = { amountOwedOnly };
  // After the first save attempt every edit re-validates, so an error clears once corrected.
  const errors = submitted ? validateTradeIn(values, options) : {};

  const set = <K extends keyof TradeInValues>(field: K, value: TradeInValues[K]) => draft.set(field, value);
  const amountProps = (field: "value" | "amountOwed") => ({
    value: values[field],
    onChange: (value: string) => set(field, value),
  });
  const vehicleDisabled = amountOwedOnly || !values.hasTradeIn;
  // Issue #50: a valid VIN fills the trade-in's description; the shopper may scan it instead.
  const vinLookup = useVinLookup({
    vin: values.vin,
    description: values.description,
    setDescription: (description) => set("description", description),
    decode: isDealer ? decodeForMember : decodeThroughQuote(quoteId),
    disabled: vehicleDisabled,
  });
  const [scanning] = useState(() => !isDealer || prefersScanning());
  const input = (field: TradeInField) => ({
    label: LABELS[field],
    error: errors[field],
    ref: (element: HTMLInputElement | null) => {
      refs.current[field] = element;
    },
    autoComplete: "off",
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateTradeIn(values, options);
    if (hasErrors(found)) {
      const first = firstInvalidField(found);
      if (first) refs.current[first]?.focus();
      return;
    }
    // Only what the user changed, over the deal as it is now: a stale field is never written back.
    const result = tradeInFromDialog(draft.changes(), data.tradeIn, isDealer);
    onSave(amountOwedOnly ? { amountOwedOnTradeIn: result.amountOwedOnTradeIn } : result);
  };

  return (
    <QuoteModal
      title={focusAmountOwed ? QUOTE_TEXT.amountOwedTitle : TEXT.tradeInValue}
      onClose={onClose}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <UpdatedNotice show={draft.updatedRemotely} isDealer={isDealer} />
        <Stack gap="sm">
          {isDealer ? null : (
            <Text size="sm" data-testid="trade-in-appraisal-note">
              {DEAL_OFFER_TEXT.tradeInAppraisalNote}
            </Text>
          )}
          <Checkbox
            label={isDealer ? TEXT.tradeInCheckboxDealer : TEXT.tradeInCheckboxShopper}
            checked={values.hasTradeIn}
            disabled={amountOwedOnly}
            onChange={(event) => set("hasTradeIn", event.currentTarget.checked)}
          />
          <TextInput
            {...input("description")}
            value={values.description}
            onChange={(e) => set("description", e.currentTarget.value)}
            disabled={vehicleDisabled}
            required={values.hasTradeIn}
          />
          <div className={classes.grid}>
            <div>
              <TextInput
                {...input("vin")}
                value={values.vin}
                onChange={(e) => set("vin", e.currentTarget.value)}
                disabled={vehicleDisabled}
              />
              <VinLookupNote {...vinLookup} />
              {scanning ? (
                <ScanVinButton disabled={vehicleDisabled} onVin={(vin) => set("vin", vin)} />
              ) : null}
            </div>
            <TextInput
              {...input("mileage")}
              value={values.mileage}
              onChange={(e) => set("mileage", digitsOnly(e.currentTarget.value))}
              inputMode="numeric"
              disabled={vehicleDisabled}
              required={values.hasTradeIn}
            />
            <TextInput
              {...input("condition")}
              value={values.condition}
              onChange={(e) => set("condition", e.currentTarget.value)}
              list={conditionsId}
              disabled={vehicleDisabled}
            />
            {isDealer ? (
              <MoneyInput {...input("value")} {...amountProps("value")} disabled={vehicleDisabled} />
            ) : null}
            <MoneyInput
              {...input("amountOwed")}
              {...amountProps("amountOwed")}
              disabled={!values.hasTradeIn}
              data-autofocus={focusAmountOwed || undefined}
            />
          </div>
          {/* A native datalist: suggestions without the weight of a combobox on the shopper's phone. */}
          <datalist id={conditionsId}>
            {TRADE_IN_CONDITIONS.map((condition) => (
              <option key={condition} value={condition} />
            ))}
          </datalist>
        </Stack>
        <DialogActions onCancel={onClose} />
      </form>
    </QuoteModal>
  );
}
