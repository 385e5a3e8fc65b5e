import { DASHBOARD_TEXT } from "@shared/text/dashboard-text";
// The 'Delete Quote' confirmation of spec §2, shared by the dashboard and the
// quote page's toolbar.
//
//   <DeleteQuoteDialog
//     opened={target !== null}
//     busy={deleting}          // Delete shows a loader; nothing can be clicked twice
//     onCancel={() => setTarget(null)}   // Cancel, Escape, the close button, the overlay
//     onConfirm={() => remove(target)}   // the parent deletes, then closes (opened=false)
//   />

import { Button, Group, Modal, Text } from "@mantine/core";
import { TEXT } from "@shared/text/page-text";

interface DeleteQuoteDialogProps {
  opened: boolean;
  /** Called by Cancel, Escape, the close button and a click outside (ignored while busy). */
  onCancel(): void;
  /** Called by Delete; the parent performs the deletion and closes the dialog. */
  onConfirm(): void;
  /** While the deletion runs: Delete shows a loader and the dialog cannot be dismissed. */
  busy?: boolean;
}

export function DeleteQuoteDialog({ opened, onCancel, onConfirm, busy = false }: DeleteQuoteDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={DASHBOARD_TEXT.deleteQuoteTitle}
      centered
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
      withCloseButton={!busy}
      closeButtonProps={{ "aria-label": TEXT.close }}
    >
      <Text>{DASHBOARD_TEXT.deleteQuoteConfirm}</Text>
      <Group justify="flex-end" gap="sm" mt="lg">
        {/* Cancel takes the first focus, so Enter on a freshly opened dialog never deletes. */}
        <Button variant="default" onClick={onCancel} disabled={busy} data-autofocus>
          {TEXT.cancel}
        </Button>
        {/* red.8: white on Mantine's default red.6 is below 4.5:1. */}
        <Button color="red.8" onClick={onConfirm} loading={busy}>
          {TEXT.delete}
        </Button>
      </Group>
    </Modal>
  );
}
