import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import type { PublicUser } from "@shared/api-types";
import { MSG } from "@shared/messages";
import { type ChangeEmailValues, canSaveChangeEmail, validateChangeEmail } from "@shared/validation/account";
import { Notice } from "@/components/notice";
import { fieldProps, useDealerForm } from "@/lib/form";
import { changeEmail } from "./profile-api";

const EMPTY: ChangeEmailValues = { newEmail: "", currentPassword: "" };

/**
 * New email + current password. Save stays disabled until both are valid (spec §5); a field's
 * message shows once the dealer has left it, so nobody is scolded halfway through typing.
 */
export function ChangeEmailDialog({
  opened,
  currentEmail,
  onClose,
  onChanged,
}: {
  opened: boolean;
  currentEmail: string;
  onClose(): void;
  onChanged(user: PublicUser): void;
}) {
  const { form, error, submitting, submit, reset } = useDealerForm<ChangeEmailValues>({
    initialValues: EMPTY,
    validate: (values) => validateChangeEmail(values, currentEmail),
    messages: "blur",
    failure: MSG.updateEmailFailed,
    send: async (values) => {
      const answer = await changeEmail(values);
      reset();
      onChanged(answer.user);
    },
  });
  const canSave = canSaveChangeEmail(form.values, currentEmail) && !submitting;

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Change email"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" className="dd-secondary-text">
            Current email: {currentEmail}
          </Text>
          {error ? <Notice tone="error">{error}</Notice> : null}
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            data-autofocus
            {...fieldProps(form, "newEmail")}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...fieldProps(form, "currentPassword")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} loading={submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
