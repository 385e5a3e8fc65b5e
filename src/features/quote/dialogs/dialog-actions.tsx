import { Button, Group } from "@mantine/core";
import { TEXT } from "@shared/text/page-text";

/** Cancel and Save under a quote dialog's form (Save submits it). */
export function DialogActions({
  onCancel,
  disabled = false,
  saving = false,
  mt = "lg",
}: {
  onCancel(): void;
  disabled?: boolean;
  saving?: boolean;
  mt?: "md" | "lg";
}) {
  return (
    <Group justify="flex-end" mt={mt} gap="sm">
      <Button variant="default" onClick={onCancel}>
        {TEXT.cancel}
      </Button>
      <Button type="submit" disabled={disabled} loading={saving}>
        {TEXT.save}
      </Button>
    </Group>
  );
}

/** The one Close button of a read-only quote dialog (add-ons, breakdowns). */
export function DialogClose({ onClose }: { onClose(): void }) {
  return (
    <Group justify="flex-end" mt="lg">
      <Button onClick={onClose} data-autofocus>
        {TEXT.close}
      </Button>
    </Group>
  );
}
