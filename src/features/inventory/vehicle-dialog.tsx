// Add or edit a stock vehicle (issue #37), with the VIN's hints: the model year and maker the VIN
// gives are offered, and a year or make that disagrees is a warning under its field, never a
// refusal. The rules and messages are shared/inventory's, the API's own.

import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import {
  INVENTORY_MSG,
  INVENTORY_TEXT,
  STATUS_LABELS,
  STOCK_STATUSES,
  type StockStatus,
  type VehicleCondition,
} from "@shared/inventory/inventory-text";
import { type InventoryVehicle, stockVehicleSchema } from "@shared/inventory/vehicle-schema";
import { checkVin } from "@shared/inventory/vin";
import { normalizeVin } from "@shared/schemas/schema-fields";
import { TEXT } from "@shared/text/page-text";
import { type FormEvent, useMemo, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { ApiError, errorText } from "@/lib/api";
import { saveVehicle } from "./inventory-api";

const F = INVENTORY_TEXT.fields;

type Draft = {
  stockNumber: string;
  vin: string;
  vinNotChecked: boolean;
  year: string;
  make: string;
  model: string;
  trim: string;
  color: string;
  mileage: string;
  condition: VehicleCondition;
  msrp: string;
  price: string;
  cost: string;
  status: StockStatus;
  photoUrl: string;
};

const money = (value: number | null | undefined) =>
  value === null || value === undefined ? "" : value.toFixed(2);

function draftOf(vehicle: InventoryVehicle | null): Draft {
  return {
    stockNumber: vehicle?.stockNumber ?? "",
    vin: vehicle?.vin ?? "",
    vinNotChecked: vehicle?.vinNotChecked ?? false,
    year: vehicle ? String(vehicle.year) : "",
    make: vehicle?.make ?? "",
    model: vehicle?.model ?? "",
    trim: vehicle?.trim ?? "",
    color: vehicle?.color ?? "",
    mileage: vehicle ? String(vehicle.mileage) : "0",
    condition: vehicle?.condition ?? "new",
    msrp: money(vehicle?.msrp),
    price: money(vehicle?.price),
    cost: money(vehicle?.cost),
    status: vehicle?.status ?? "available",
    photoUrl: vehicle?.photoUrl ?? "",
  };
}

const numberOrText = (value: string) => {
  const plain = value.replace(/,/g, "").trim();
  return plain === "" ? undefined : Number.isFinite(Number(plain)) ? Number(plain) : plain;
};
const optionalMoney = (value: string) => (value.trim() === "" ? null : numberOrText(value));

/** The API's body from the form's strings. */
function bodyOf(draft: Draft) {
  return {
    stockNumber: draft.stockNumber,
    vin: draft.vin,
    vinNotChecked: draft.vinNotChecked,
    year: numberOrText(draft.year),
    make: draft.make,
    model: draft.model,
    trim: draft.trim,
    color: draft.color,
    mileage: numberOrText(draft.mileage) ?? 0,
    condition: draft.condition,
    msrp: optionalMoney(draft.msrp),
    price: numberOrText(draft.price),
    cost: optionalMoney(draft.cost),
    status: draft.status,
    photoUrl: draft.photoUrl,
  };
}

export function VehicleDialog({
  vehicle,
  opened,
  onClose,
  onSaved,
}: {
  /** null: a new vehicle. */
  vehicle: InventoryVehicle | null;
  opened: boolean;
  onClose(): void;
  onSaved(vehicle: InventoryVehicle): void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(vehicle));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _cleared, ...rest }) => rest);
  };
  const vin = normalizeVin(draft.vin);
  const check = useMemo(
    () =>
      checkVin({
        vin,
        year: Number.isInteger(Number(draft.year)) && draft.year !== "" ? Number(draft.year) : null,
        make: draft.make,
        notChecked: draft.vinNotChecked,
      }),
    [vin, draft.year, draft.make, draft.vinNotChecked],
  );
  const warning = (field: "year" | "make") => check.warnings.find((w) => w.field === field)?.message;
  const vinError = vin.length >= 17 || draft.vinNotChecked ? check.errors[0]?.message : undefined;
  const hint = check.hints;
  const hintDiffers =
    (hint.year !== undefined && String(hint.year) !== draft.year) ||
    (hint.make !== undefined && hint.make.toLowerCase() !== draft.make.trim().toLowerCase());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure("");
    const body = bodyOf(draft);
    const parsed = stockVehicleSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? "")] ??= issue.message;
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      onSaved(await saveVehicle(vehicle?.id ?? null, parsed.data));
    } catch (error) {
      const fields = error instanceof ApiError ? (error.body?.errors ?? []) : [];
      if (fields.length > 0)
        setErrors(
          Object.fromEntries(
            fields.map((e) => [String((e as { field?: string }).field ?? ""), e.message ?? ""]),
          ),
        );
      else setFailure(errorText(error, INVENTORY_MSG.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={vehicle ? INVENTORY_TEXT.editVehicle : INVENTORY_TEXT.addVehicle}
      size="lg"
      closeButtonProps={{ "aria-label": TEXT.close }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={F.stockNumber}
              required
              value={draft.stockNumber}
              onChange={(e) => set("stockNumber", e.currentTarget.value)}
              error={errors.stockNumber}
            />
            <TextInput
              label={F.vin}
              value={draft.vin}
              onChange={(e) => set("vin", e.currentTarget.value.toUpperCase())}
              error={errors.vin ?? vinError}
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
            />
          </SimpleGrid>
          <Checkbox
            label={F.vinNotChecked}
            checked={draft.vinNotChecked}
            onChange={(e) => set("vinNotChecked", e.currentTarget.checked)}
          />
          {hintDiffers && !draft.vinNotChecked && check.errors.length === 0 ? (
            <Group gap="sm" data-testid="vin-hint">
              <Text size="sm">{INVENTORY_TEXT.vinHint(hint.year, hint.make)}</Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  if (hint.year !== undefined) set("year", String(hint.year));
                  if (hint.make !== undefined) set("make", hint.make);
                }}
              >
                {INVENTORY_TEXT.useHint}
              </Button>
            </Group>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={F.year}
              required
              inputMode="numeric"
              value={draft.year}
              onChange={(e) => set("year", e.currentTarget.value.replace(/\D/g, "").slice(0, 4))}
              error={errors.year}
              description={warning("year")}
              descriptionProps={{ c: "var(--dd-text-secondary)" }}
            />
            <TextInput
              label={F.make}
              required
              value={draft.make}
              onChange={(e) => set("make", e.currentTarget.value)}
              error={errors.make}
              description={warning("make")}
              descriptionProps={{ c: "var(--dd-text-secondary)" }}
            />
            <TextInput
              label={F.model}
              required
              value={draft.model}
              onChange={(e) => set("model", e.currentTarget.value)}
              error={errors.model}
            />
            <TextInput
              label={F.trim}
              value={draft.trim}
              onChange={(e) => set("trim", e.currentTarget.value)}
              error={errors.trim}
            />
            <TextInput
              label={F.color}
              value={draft.color}
              onChange={(e) => set("color", e.currentTarget.value)}
              error={errors.color}
            />
            <TextInput
              label={F.mileage}
              inputMode="numeric"
              value={draft.mileage}
              onChange={(e) => set("mileage", e.currentTarget.value.replace(/[^\d,]/g, ""))}
              error={errors.mileage}
            />
            <Select
              label={F.condition}
              data={[
                { value: "new", label: INVENTORY_TEXT.conditionLabels.new },
                { value: "used", label: INVENTORY_TEXT.conditionLabels.used },
              ]}
              value={draft.condition}
              onChange={(value) => value && set("condition", value as VehicleCondition)}
              allowDeselect={false}
              error={errors.condition}
            />
            <Select
              label={F.status}
              data={STOCK_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
              value={draft.status}
              onChange={(value) => value && set("status", value as StockStatus)}
              allowDeselect={false}
              error={errors.status}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <MoneyInput
              label={F.msrp}
              value={draft.msrp}
              onChange={(v) => set("msrp", v)}
              error={errors.msrp}
            />
            <MoneyInput
              label={F.price}
              required
              value={draft.price}
              onChange={(v) => set("price", v)}
              error={errors.price}
            />
            <MoneyInput
              label={F.cost}
              value={draft.cost}
              onChange={(v) => set("cost", v)}
              error={errors.cost}
            />
          </SimpleGrid>
          <TextInput
            label={F.photoUrl}
            type="url"
            value={draft.photoUrl}
            onChange={(e) => set("photoUrl", e.currentTarget.value)}
            error={errors.photoUrl}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {INVENTORY_TEXT.cancel}
            </Button>
            <Button type="submit" loading={saving}>
              {INVENTORY_TEXT.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
