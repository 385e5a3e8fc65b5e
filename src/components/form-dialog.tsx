import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import type { DealerForm } from "@/lib/form";
import { Notice } from "./notice";

/**
 * A settings dialog holding one useDealerForm form: its failure on top, its fields, then Cancel
 * and Save. Closing it (Cancel, Escape, the close button) resets the form.
 */
export function FormDialog<V>({
  opened,
  title,
  form,
  onClose,
  saveDisabled = false,
  children,
}: {
  opened: boolean;
  title: string;
  form: Pick<DealerForm<V>, "submit" | "error" | "submitting" | "reset">;
  onClose(): void;
  saveDisabled?: boolean;
  children: ReactNode;
}) {
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form onSubmit={form.submit} noValidate>
        <Stack>
          {form.error ? <Notice tone="error">{form.error}</Notice> : null}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={form.submitting} disabled={saveDisabled}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
