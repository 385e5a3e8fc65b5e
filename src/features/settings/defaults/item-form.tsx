import { ActionIcon, Button, Group, SimpleGrid, TextInput } from "@mantine/core";
import { sanitizeRateInput } from "@shared/format";
import { TEXT } from "@shared/messages";
import { IconCheck, IconX } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { AmountInput } from "./amount-input";
import type { FormValues, ListField } from "./list-configs";

type Errors<V extends FormValues> = Partial<Record<keyof V & string, string>>;

interface ItemFormProps<V extends FormValues> {
  /** Accessible name of the form ('New add-on', 'Edit Floor mats'). */
  label: string;
  fields: ListField<V>[];
  initialValues: V;
  validate(values: V): Errors<V>;
  /** Called with the refused values so the page can show its summary banner. */
  onInvalid(values: V): void;
  /** Resolves true when saved; the form then closes through its parent. */
  onSubmit(values: V): Promise<boolean>;
  onCancel(): void;
  /** The add card has text buttons; an edited row has confirm and cancel icons (spec §2). */
  variant: "add" | "edit";
}

/** The fields of one default item; Enter saves and Escape cancels, in the add card and in a row. */
export function ItemForm<V extends FormValues>(props: ItemFormProps<V>) {
  const { label, fields, validate, onInvalid, onSubmit, onCancel, variant } = props;
  const [values, setValues] = useState<V>(props.initialValues);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [saving, setSaving] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);
  useUnsavedChanges(
    !saving && (Object.keys(values) as (keyof V)[]).some((key) => values[key] !== props.initialValues[key]),
  );

  // Opening the card or a row's edit puts the cursor in its first field.
  useEffect(() => firstInput.current?.focus(), []);

  const change = (key: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    // An error clears as soon as its field is edited (spec §5).
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    const found = validate(values);
    if (Object.values(found).some(Boolean)) {
      setErrors(found);
      onInvalid(values);
      return;
    }
    setSaving(true);
    const saved = await onSubmit(values);
    // A saved form unmounts; only a failed one is still here to re-enable.
    if (!saved) setSaving(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    }
  };

  return (
    <form
      aria-label={label}
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: fields.length }} spacing="sm">
        {fields.map((field, index) => {
          const shared = {
            label: field.label,
            withAsterisk: field.required,
            error: errors[field.key],
            value: values[field.key] ?? "",
            ref: index === 0 ? firstInput : undefined,
          };
          if (field.input === "money")
            return <AmountInput key={field.key} {...shared} onChange={(value) => change(field.key, value)} />;
          return (
            <TextInput
              key={field.key}
              {...shared}
              autoComplete="off"
              inputMode={field.input === "rate" ? "decimal" : undefined}
              rightSection={field.input === "rate" ? "%" : undefined}
              onChange={(event) =>
                change(
                  field.key,
                  field.input === "rate"
                    ? sanitizeRateInput(event.currentTarget.value)
                    : event.currentTarget.value,
                )
              }
            />
          );
        })}
      </SimpleGrid>
      {variant === "add" ? (
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {TEXT.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {TEXT.save}
          </Button>
        </Group>
      ) : (
        <Group justify="flex-end" mt="xs" gap={4}>
          <ActionIcon
            type="submit"
            variant="light"
            color="green"
            size="lg"
            loading={saving}
            aria-label="Save changes"
          >
            <IconCheck size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="light"
            color="gray"
            size="lg"
            onClick={onCancel}
            disabled={saving}
            aria-label="Cancel editing"
          >
            <IconX size={18} aria-hidden="true" />
          </ActionIcon>
        </Group>
      )}
    </form>
  );
}
