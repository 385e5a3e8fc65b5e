import { ActionIcon, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { amountToInput, parseAmountInput } from "@shared/core/format";
import { type Rebate, rebateSchema } from "@shared/schemas/quote-schema";
import { fieldErrorMap } from "@shared/schemas/schema-fields";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { IconTrash } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { DialogActions } from "../dialogs/dialog-actions";
import { QuoteModal } from "../dialogs/quote-modal";

// Issue #18, dealer only: the quote's manufacturer rebates (name, amount). How a rebate meets the
// tax follows the quote's tax rules (taxed or deducted), in the one calculator.

interface RebatesEditorProps {
  rebates: Rebate[];
  onSave(rebates: Rebate[]): Promise<boolean>;
  onClose(): void;
}

type Row = { id: string; name: string; amount: string };

const newId = () => `rebate-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export default function RebatesEditor({ rebates, onSave, onClose }: RebatesEditorProps) {
  const [rows, setRows] = useState<Row[]>(() =>
    rebates.map((r) => ({ id: r.id, name: r.name, amount: amountToInput(r.amount) })),
  );
  const [saving, setSaving] = useState(false);
  const checks = rows.map((row) =>
    rebateSchema.safeParse({ id: row.id, name: row.name, amount: parseAmountInput(row.amount) }),
  );
  const errors = checks.map((check) => (check.success ? {} : fieldErrorMap(check.error)));
  const valid = checks.every((check) => check.success);
  const setRow = (id: string, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    setSaving(true);
    const saved = await onSave(checks.flatMap((check) => (check.success ? [check.data] : [])));
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <QuoteModal title={QUOTE_TEXT.rebates} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {rows.length === 0 ? <Text className="dd-secondary-text">{STRUCTURES_TEXT.noRebates}</Text> : null}
          {rows.map((row, i) => (
            <Group key={row.id} align="flex-start" wrap="nowrap" gap="xs" data-testid="rebate-row">
              <TextInput
                label={STRUCTURES_TEXT.rebateName}
                value={row.name}
                error={errors[i]?.name}
                onChange={(event) => setRow(row.id, { name: event.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <MoneyInput
                label={STRUCTURES_TEXT.rebateAmount}
                value={row.amount}
                free
                error={errors[i]?.amount}
                onChange={(amount) => setRow(row.id, { amount })}
                w={140}
              />
              <ActionIcon
                className="dd-danger-icon"
                variant="subtle"
                color="red"
                size="lg"
                mt={26}
                aria-label={STRUCTURES_TEXT.removeRebate(row.name)}
                onClick={() => setRows((current) => current.filter((r) => r.id !== row.id))}
              >
                <IconTrash size={18} aria-hidden="true" />
              </ActionIcon>
            </Group>
          ))}
          <div>
            <Button
              variant="default"
              size="xs"
              onClick={() => setRows((current) => [...current, { id: newId(), name: "", amount: "" }])}
            >
              {STRUCTURES_TEXT.addRebate}
            </Button>
          </div>
        </Stack>
        <DialogActions onCancel={onClose} disabled={!valid} saving={saving} />
      </form>
    </QuoteModal>
  );
}
