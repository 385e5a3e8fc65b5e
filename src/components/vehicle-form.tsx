// The vehicle form of spec §5, shared by /quote/new (dashboard feature) and the quote page's
// vehicle edit dialog, on the one form approach (src/lib/form.ts). Rules and messages come from
// shared/validation/vehicle-form.ts, so the form and the server agree.
//
//   <VehicleForm
//     initialValues={EMPTY_VEHICLE_FORM}
//     submitLabel={DASHBOARD_TEXT.createQuote}        // the quote page's dialog passes TEXT.save
//     busyLabel={DASHBOARD_TEXT.creating}             // shown on the submit button while sending
//     failure={MSG.createQuoteFailed}       // what a failed send shows, unless it says more
//     send={(quote) => ...}                 // only with valid values; `quote` is {vehicle, pricing}
//     onCancel={() => ...}
//   />
//
// Field messages appear after the first submit attempt and then follow every edit, so an error
// clears as soon as the field is corrected. The first invalid field gets focus on a refused submit.

import { Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { formatMoney } from "@shared/core/money";
import type { CreateQuoteBody } from "@shared/schemas/quote-schema";
import { TEXT, VEHICLE_FORM_LABELS } from "@shared/text/page-text";
import {
  type VehicleFormValues,
  validateVehicleForm,
  vehicleFormIsNew,
  vehicleFormSellingPrice,
  vehicleFormToQuote,
} from "@shared/validation/vehicle-form";
import { useId, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { Notice } from "@/components/notice";
import { ScanVinButton } from "@/components/vin/scan-vin-button";
import { decodeForMember } from "@/components/vin/vin-api";
import { prefersScanning, useVinLookup, VinLookupNote } from "@/components/vin/vin-lookup";
import { fieldProps, useDealerForm } from "@/lib/form";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
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
  condition: "",
  msrp: "",
};

interface VehicleFormProps {
  initialValues: VehicleFormValues;
  /** Sends the API body built from valid values; a throw shows `failure` (or the refusal's words). */
  send(quote: CreateQuoteBody): Promise<unknown>;
  /** The form-level message of a failed send. */
  failure: string;
  onCancel(): void;
  /** Submit button text, e.g. 'Create Quote' or 'Save'. */
  submitLabel: string;
  /** Submit button text while sending, e.g. 'Creating...'. */
  busyLabel: string;
  /** Marks the description field as the one a Mantine Modal focuses first (`data-autofocus`). */
  autoFocus?: boolean;
  /** Leaving the page with typed values asks first (the new-quote page). */
  guardUnsaved?: boolean;
}

export function VehicleForm({
  initialValues,
  send,
  failure,
  onCancel,
  submitLabel,
  busyLabel,
  autoFocus = false,
  guardUnsaved = false,
}: VehicleFormProps) {
  const errorId = useId();
  const { form, error, submitting, submit } = useDealerForm<VehicleFormValues>({
    initialValues,
    validate: validateVehicleForm,
    messages: "live",
    failure,
    send: (values) => send(vehicleFormToQuote(values)),
  });
  const values = form.values;
  // Issue #50: a valid VIN fills the description (never over what the dealer typed).
  const vinLookup = useVinLookup({
    vin: values.vin,
    description: values.description,
    setDescription: (description) => form.setFieldValue("description", description),
    decode: decodeForMember,
    disabled: submitting,
  });
  const [scanning] = useState(prefersScanning);
  useUnsavedChanges(guardUnsaved && !submitting && form.isDirty());

  const textField = (field: "color" | "stockNumber" | "vin" | "advertisedUrl", type = "text") => (
    <TextInput
      label={VEHICLE_FORM_LABELS[field]}
      name={field}
      type={type}
      disabled={submitting}
      {...fieldProps(form, field)}
    />
  );

  // Price and discount keep digits and one point while typing and show 1,234.50 on blur.
  const amountField = (field: "advertisedPrice" | "discount" | "msrp", required: boolean) => (
    <MoneyInput
      label={VEHICLE_FORM_LABELS[field]}
      name={field}
      withAsterisk={required}
      aria-required={required || undefined}
      disabled={submitting}
      {...fieldProps(form, field)}
      value={form.values[field]}
      onChange={(value) => form.setFieldValue(field, value)}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-describedby={error ? errorId : undefined}
      className={classes.form}
    >
      <Stack gap="sm">
        <TextInput
          label={VEHICLE_FORM_LABELS.description}
          name="description"
          placeholder="e.g. 2024 Honda Accord EX-L"
          withAsterisk
          aria-required
          data-autofocus={autoFocus || undefined}
          disabled={submitting}
          {...fieldProps(form, "description")}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label={VEHICLE_FORM_LABELS.mileage}
            name="mileage"
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            aria-required
            disabled={submitting}
            {...fieldProps(form, "mileage")}
          />
          {textField("color")}
          {textField("stockNumber")}
          <div>
            {textField("vin")}
            <VinLookupNote {...vinLookup} />
            {scanning ? (
              <ScanVinButton disabled={submitting} onVin={(vin) => form.setFieldValue("vin", vin)} />
            ) : null}
          </div>
          {textField("advertisedUrl", "url")}
          {amountField("advertisedPrice", true)}
          {amountField("discount", false)}
          {amountField("msrp", false)}
          <Radio.Group
            label={VEHICLE_FORM_LABELS.condition}
            name="condition"
            // Until the dealer picks, the mileage decides: used above 1,000 miles (issue #34).
            value={vehicleFormIsNew(values) ? "new" : "used"}
            onChange={(value) => form.setFieldValue("condition", value === "used" ? "used" : "new")}
          >
            <Group gap="md" mt={6}>
              <Radio value="new" label={VEHICLE_FORM_LABELS.new} disabled={submitting} />
              <Radio value="used" label={VEHICLE_FORM_LABELS.used} disabled={submitting} />
            </Group>
          </Radio.Group>
        </SimpleGrid>
        <Text size="xs" className="dd-secondary-text">
          {VEHICLE_FORM_LABELS.msrpHint}
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{TEXT.sellingPrice}</Text>
          <Text fw={700} data-testid="selling-price" aria-live="polite">
            {formatMoney(vehicleFormSellingPrice(values))}
          </Text>
        </Group>
        {error ? (
          <div id={errorId}>
            <Notice tone="error">{error}</Notice>
          </div>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button type="button" variant="default" onClick={onCancel} disabled={submitting}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
