import { ActionIcon, Button, Group, SimpleGrid, TextInput } from "@mantine/core";
import { sanitizeRateInput } from "@shared/core/format";
import { TEXT } from "@shared/text/page-text";
import { IconCheck, IconX } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { MoneyInput } from "@/components/money-input";
import { type FormErrors, fieldProps, useDealerForm } from "@/lib/form";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import type { FormValues, ListField } from "./list-configs";

interface ItemFormProps<V extends FormValues> {
  /** Accessible name of the form ('New add-on', 'Edit Floor mats'). */
  label: string;
  fields: ListField<V>[];
  initialValues: V;
  validate(values: V): FormErrors<V>;
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
  // An error clears as soon as its field is edited (spec §5); the page's banner sums them up.
  const {
    form,
    submitting: saving,
    submit,
  } = useDealerForm<V>({
    initialValues: props.initialValues,
    validate,
    onInvalid,
    // The list's page shows the outcome in its banner (use-default-list.ts).
    failure: "",
    send: onSubmit,
  });
  const values = form.values;
  const firstInput = useRef<HTMLInputElement>(null);
  useUnsavedChanges(!saving && form.isDirty());

  // Opening the card or a row's edit puts the cursor in its first field.
  useEffect(() => firstInput.current?.focus(), []);

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
      onSubmit={(event) => (saving ? event.preventDefault() : submit(event))}
    >
      <SimpleGrid cols={{ base: 1, sm: fields.length }} spacing="sm">
        {fields.map((field, index) => {
          const shared = {
            label: field.label,
            withAsterisk: field.required,
            ...fieldProps(form, field.key),
            value: values[field.key] ?? "",
            ref: index === 0 ? firstInput : undefined,
          };
          const change = (value: string) => form.setFieldValue(field.key, value as never);
          if (field.input === "money") return <MoneyInput key={field.key} {...shared} onChange={change} />;
          return (
            <TextInput
              key={field.key}
              {...shared}
              autoComplete="off"
              inputMode={field.input === "rate" ? "decimal" : undefined}
              rightSection={field.input === "rate" ? "%" : undefined}
              onChange={(event) =>
                change(
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
