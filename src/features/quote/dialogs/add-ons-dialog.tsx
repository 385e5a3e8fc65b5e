import { Group, Stack, Text } from "@mantine/core";
import { formatDollars } from "@shared/core/money";
import type { AddOn } from "@shared/schemas/quote-schema";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { DialogClose } from "./dialog-actions";
import { QuoteModal } from "./quote-modal";

/** The shopper's view of the add-ons (docs/decisions/009): what is selected and at what price, read-only. */
export function AddOnsDialog({ addOns, onClose }: { addOns: AddOn[]; onClose(): void }) {
  return (
    <QuoteModal title={TEXT.addOns} onClose={onClose}>
      <Stack gap="sm" data-testid="add-ons-list">
        {addOns.length === 0 ? <Text className="dd-secondary-text">{QUOTE_TEXT.noAddOns}</Text> : null}
        {addOns.map((addOn) => {
          const discounted =
            addOn.isSelected && addOn.sellingPrice !== undefined && addOn.sellingPrice < addOn.price;
          return (
            <Group
              key={addOn.id}
              justify="space-between"
              wrap="nowrap"
              align="flex-start"
              data-testid="add-on-row"
            >
              <div>
                <Text fw={500}>{addOn.name}</Text>
                {addOn.description ? (
                  <Text size="sm" className="dd-secondary-text">
                    {addOn.description}
                  </Text>
                ) : null}
                {addOn.isSelected ? (
                  <Text size="sm" fw={700} mt={4}>
                    <span aria-hidden="true">✓ </span>
                    {QUOTE_TEXT.selected}
                  </Text>
                ) : null}
              </div>
              <Text style={{ whiteSpace: "nowrap" }}>
                {discounted ? (
                  <Text component="s" className="dd-secondary-text" mr={6}>
                    {formatDollars(addOn.price)}
                  </Text>
                ) : null}
                {formatDollars(discounted ? (addOn.sellingPrice as number) : addOn.price)}
              </Text>
            </Group>
          );
        })}
      </Stack>
      <DialogClose onClose={onClose} />
    </QuoteModal>
  );
}
