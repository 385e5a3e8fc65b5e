import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { confirmDeleteNamed, DELETE_DEFAULT_NOTE } from "@shared/text/dealer-messages";
import { TEXT } from "@shared/text/page-text";
import { useState } from "react";

interface DeleteItemDialogProps {
  opened: boolean;
  /** Kept while the dialog fades out, so its text does not change under the pointer. */
  name: string;
  title: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}

/** 'Are you sure you want to delete "{name}"?' with the note about existing quotes (spec §2). */
export function DeleteItemDialog({ opened, name, title, onConfirm, onClose }: DeleteItemDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ "aria-label": TEXT.close }}
    >
      <Stack gap="sm">
        <Text>{confirmDeleteNamed(name)}</Text>
        <Text size="sm" className="dd-secondary-text">
          {DELETE_DEFAULT_NOTE}
        </Text>
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {TEXT.cancel}
          </Button>
          <Button
            // red.9 keeps white text above 4.5:1 in both colour schemes.
            color="red.9"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
              }
            }}
          >
            {TEXT.delete}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
