import { ActionIcon, Group, Text, TextInput } from "@mantine/core";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { parseQuoteRateEdit, quoteRateMessage } from "@shared/validation/interest-rates";
import { IconCheck } from "@tabler/icons-react";
import { type FocusEvent, type KeyboardEvent, useId, useRef, useState } from "react";

interface RateEditorProps {
  initial: number;
  label: string;
  onSave(rate: number): void;
  onCancel(): void;
}

/**
 * The dealer's inline monthly-rate edit (spec §5): 0 to 99.99, Enter confirms, Escape cancels,
 * leaving the field cancels unless focus goes to the confirm button.
 */
export default function RateEditor({ initial, label, onSave, onCancel }: RateEditorProps) {
  const [value, setValue] = useState(String(initial));
  const [error, setError] = useState<string | undefined>();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const errorId = useId();

  const confirm = () => {
    const rate = parseQuoteRateEdit(value.trim());
    if (rate === undefined) {
      setError(quoteRateMessage(value.trim()));
      return;
    }
    onSave(rate);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      confirm();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    }
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (event.relatedTarget !== null && event.relatedTarget === confirmRef.current) return;
    onCancel();
  };

  return (
    <div>
      <Group gap={4} wrap="nowrap" justify="flex-end">
        <TextInput
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value.replace(/[^\d.]/g, ""));
            setError(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          aria-label={QUOTE_TEXT.rateFor(label)}
          aria-invalid={error !== undefined}
          aria-describedby={error ? errorId : undefined}
          inputMode="decimal"
          size="xs"
          w={72}
          autoFocus
          rightSection={<Text size="xs">%</Text>}
        />
        <ActionIcon
          ref={confirmRef}
          onClick={confirm}
          // Escape cancels from the confirm button too; leaving it (but for the field) cancels.
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            event.preventDefault();
            event.stopPropagation();
            onCancel();
          }}
          onBlur={(event) => {
            if (
              event.relatedTarget !== null &&
              event.currentTarget.parentElement?.contains(event.relatedTarget)
            )
              return;
            onCancel();
          }}
          aria-label={QUOTE_TEXT.confirmRateFor(label)}
          size="md"
        >
          <IconCheck size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {error ? (
        <Text id={errorId} size="xs" c="red" role="alert" ta="right">
          {error}
        </Text>
      ) : null}
    </div>
  );
}
