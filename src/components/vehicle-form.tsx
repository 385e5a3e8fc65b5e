// The vehicle form of spec §5, shared by /quote/new (dashboard feature) and the
// quote page's vehicle edit dialog. Rules and messages come from
// shared/validation/vehicle-form.ts, so the form and the server agree.
//
// Usage (controlled: the parent owns the values):
//
//   const [values, setValues] = useState(EMPTY_VEHICLE_FORM);
//   <VehicleForm
//     values={values}
//     onChange={setValues}
//     submitLabel={TEXT.createQuote}        // the quote page's dialog passes TEXT.save
//     busyLabel={TEXT.creating}             // shown on the submit button while `busy`
//     busy={saving}
//     error={failure}                       // a form-level message (e.g. MSG.createQuoteFailed)
//     onSubmit={(values, quote) => ...}     // called only with valid values; `quote` is
//                                           // vehicleFormToQuote(values): {vehicle, pricing}
//     onCancel={() => ...}
//   />
//
// Field messages appear after the first submit attempt and then follow every
// edit, so an error clears as soon as the field is corrected. The first invalid
// field gets focus on a refused submit.

import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { formatAmountInput, sanitizeAmountInput } from "@shared/format";
import { TEXT, VEHICLE_FORM_LABELS } from "@shared/messages";
import { formatMoney } from "@shared/money";
import type { CreateQuoteBody } from "@shared/quote-schema";
import { hasErrors } from "@shared/validation/rules";
import {
  type VehicleFormField,
  type VehicleFormValues,
  validateVehicleForm,
  vehicleFormSellingPrice,
  vehicleFormToQuote,
} from "@shared/validation/vehicle-form";
import { type FormEvent, useId, useRef, useState } from "react";
import classes from "./vehicle-form.module.css";

export type { VehicleFormValues } from "@shared/validation/vehicle-form";

/** A blank form for a new quote. */
export const EMPTY_VEHICLE_FORM: VehicleFormValues = {
  description: "",
  color: "",
  mileage: "",
  stockNumber: "",
  vin: "",
  advertisedUrl: "",
  advertisedPrice: "",
  discount: "",
};

// Focus order of a refused submit: the order the fields appear in.
const FIELD_ORDER: VehicleFormField[] = [
  "description",
  "mileage",
  "color",
  "stockNumber",
  "vin",
  "advertisedUrl",
  "advertisedPrice",
  "discount",
];

export interface VehicleFormProps {
  /** The inputs as typed (controlled). */
  values: VehicleFormValues;
  /** Every edit, with the whole next set of values. */
  onChange(values: VehicleFormValues): void;
  /** Called only when the values pass the spec §5 rules; `quote` is the API body built from them. */
  onSubmit(values: VehicleFormValues, quote: CreateQuoteBody): void;
  onCancel(): void;
  /** Submit button text, e.g. 'Create Quote' or 'Save'. */
  submitLabel: string;
  /** Submit button text while `busy`, e.g. 'Creating...'. */
  busyLabel: string;
  /** While true the submit button shows `busyLabel` and both buttons are disabled. */
  busy?: boolean;
  /** A form-level message shown above the buttons (e.g. a failed save). */
  error?: string | null;
  /** Marks the description field as the one a Mantine Modal focuses first (`data-autofocus`). */
  autoFocus?: boolean;
}

export function VehicleForm({
  values,
  onChange,
  onSubmit,
  onCancel,
  submitLabel,
  busyLabel,
  busy = false,
  error,
  autoFocus = false,
}: VehicleFormProps) {
  const [attempted, setAttempted] = useState(false);
  const inputs = useRef<Partial<Record<VehicleFormField, HTMLInputElement | null>>>({});
  const errorId = useId();
  // Messages follow the values once a submit was tried; before that the form stays quiet.
  const errors = attempted ? validateVehicleForm(values) : {};

  const set = (field: VehicleFormField, value: string) => onChange({ ...values, [field]: value });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    const found = validateVehicleForm(values);
    if (hasErrors(found)) {
      const first = FIELD_ORDER.find((field) => found[field] !== undefined);
      if (first) inputs.current[first]?.focus();
      return;
    }
    onSubmit(values, vehicleFormToQuote(values));
  };

  const textField = (field: "color" | "stockNumber" | "vin" | "advertisedUrl", type = "text") => (
    <TextInput
      ref={(element) => {
        inputs.current[field] = element;
      }}
      label={VEHICLE_FORM_LABELS[field]}
      name={field}
      value={values[field]}
      onChange={(event) => set(field, event.currentTarget.value)}
      error={errors[field]}
      type={type}
      disabled={busy}
    />
  );

  // Price and discount keep digits and one point while typing and show 1,234.50 on blur.
  const amountField = (field: "advertisedPrice" | "discount", required: boolean) => (
    <TextInput
      ref={(element) => {
        inputs.current[field] = element;
      }}
      label={VEHICLE_FORM_LABELS[field]}
      name={field}
      inputMode="decimal"
      autoComplete="off"
      leftSection={<span aria-hidden="true">$</span>}
      value={values[field]}
      onChange={(event) => set(field, sanitizeAmountInput(event.currentTarget.value))}
      onBlur={(event) => set(field, formatAmountInput(event.currentTarget.value))}
      error={errors[field]}
      withAsterisk={required}
      aria-required={required || undefined}
      disabled={busy}
    />
  );

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-describedby={error ? errorId : undefined}
      className={classes.form}
    >
      <Stack gap="sm">
        <TextInput
          ref={(element) => {
            inputs.current.description = element;
          }}
          label={VEHICLE_FORM_LABELS.description}
          name="description"
          placeholder="e.g. 2024 Honda Accord EX-L"
          value={values.description}
          onChange={(event) => set("description", event.currentTarget.value)}
          error={errors.description}
          withAsterisk
          aria-required
          data-autofocus={autoFocus || undefined}
          disabled={busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            ref={(element) => {
              inputs.current.mileage = element;
            }}
            label={VEHICLE_FORM_LABELS.mileage}
            name="mileage"
            inputMode="numeric"
            autoComplete="off"
            value={values.mileage}
            onChange={(event) => set("mileage", event.currentTarget.value)}
            error={errors.mileage}
            withAsterisk
            aria-required
            disabled={busy}
          />
          {textField("color")}
          {textField("stockNumber")}
          {textField("vin")}
          {textField("advertisedUrl", "url")}
          {amountField("advertisedPrice", true)}
          {amountField("discount", false)}
        </SimpleGrid>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{TEXT.sellingPrice}</Text>
          <Text fw={700} data-testid="selling-price" aria-live="polite">
            {formatMoney(vehicleFormSellingPrice(values))}
          </Text>
        </Group>
        {error ? (
          <Alert color="red" variant="light" id={errorId} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onCancel} disabled={busy}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
