import { Checkbox, Group, Stack, Text } from "@mantine/core";
import { amountToInput } from "@shared/core/format";
import { formatDollars, toCents } from "@shared/core/money";
import type { AddOn } from "@shared/schemas/quote-schema";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import {
  canSaveSellingPrices,
  sellingPriceFromInput,
  validateSellingPrices,
} from "@shared/validation/add-on-prices";
import { type FormEvent, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { DialogActions } from "../dialogs/dialog-actions";
import { QuoteModal } from "../dialogs/quote-modal";

interface AddOnsEditorProps {
  addOns: AddOn[];
  onSave(addOns: AddOn[]): void;
  onClose(): void;
}

interface Row {
  isSelected: boolean;
  price: string;
}

/** The dealer's add-on selection: pick add-ons and set each one's selling price, 0 to retail (spec §5). */
export default function AddOnsEditor({ addOns, onSave, onClose }: AddOnsEditorProps) {
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      addOns.map((a) => [
        a.id,
        { isSelected: a.isSelected, price: amountToInput(a.sellingPrice ?? a.price) },
      ]),
    ),
  );
  const typed = Object.fromEntries(
    addOns.filter((a) => rows[a.id]?.isSelected).map((a) => [a.id, rows[a.id]?.price ?? ""]),
  );
  const errors = validateSellingPrices(addOns, typed);
  const setRow = (id: string, change: Partial<Row>) =>
    setRows((current) => ({ ...current, [id]: { ...(current[id] as Row), ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveSellingPrices(errors)) return;
    onSave(
      addOns.map((addOn) => {
        const row = rows[addOn.id] as Row;
        const { sellingPrice: _old, ...rest } = addOn;
        if (!row.isSelected) return { ...rest, isSelected: false };
        const price = sellingPriceFromInput(row.price);
        // Only a price below retail is a custom selling price; retail needs no override.
        return toCents(price) < toCents(addOn.price)
          ? { ...rest, isSelected: true, sellingPrice: price }
          : { ...rest, isSelected: true };
      }),
    );
  };

  return (
    <QuoteModal title={TEXT.addOns} onClose={onClose} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {addOns.length === 0 ? <Text className="dd-secondary-text">{QUOTE_TEXT.noAddOns}</Text> : null}
          {addOns.map((addOn) => {
            const row = rows[addOn.id] as Row;
            return (
              <Group
                key={addOn.id}
                justify="space-between"
                align="flex-start"
                wrap="wrap"
                gap="sm"
                data-testid="add-on-row"
              >
                <Checkbox
                  label={addOn.name}
                  description={`${QUOTE_TEXT.retail(formatDollars(addOn.price))}${addOn.description ? ` · ${addOn.description}` : ""}`}
                  checked={row.isSelected}
                  onChange={(event) => setRow(addOn.id, { isSelected: event.currentTarget.checked })}
                  style={{ flex: "1 1 220px" }}
                />
                <MoneyInput
                  label={QUOTE_TEXT.sellingPriceFor(addOn.name)}
                  value={row.price}
                  // Typed freely, so that a wrong entry gets its message (spec §5); formatted once valid.
                  free
                  onChange={(price) => setRow(addOn.id, { price })}
                  disabled={!row.isSelected}
                  error={errors[addOn.id]}
                  w={180}
                />
              </Group>
            );
          })}
        </Stack>
        <DialogActions onCancel={onClose} disabled={!canSaveSellingPrices(errors)} />
      </form>
    </QuoteModal>
  );
}
