import { Button, Group, Modal, PasswordInput, Stack } from "@mantine/core";
import { MSG } from "@shared/messages";
import { type ChangePasswordValues, validateChangePassword } from "@shared/validation/account";
import { NewPasswordFields } from "@/components/form-fields";
import { Notice } from "@/components/notice";
import { fieldProps, useDealerForm } from "@/lib/form";
import { changePassword } from "./profile-api";

const EMPTY: ChangePasswordValues = { currentPassword: "", newPassword: "", confirmPassword: "" };

/** Current, new and confirmation; messages show on Save and clear as their field is edited. */
export function ChangePasswordDialog({
  opened,
  onClose,
  onChanged,
}: {
  opened: boolean;
  onClose(): void;
  /** Gets the fresh token that keeps this session alive after the change. */
  onChanged(token: string): void;
}) {
  const { form, error, submitting, submit, reset } = useDealerForm<ChangePasswordValues>({
    initialValues: EMPTY,
    validate: validateChangePassword,
    failure: MSG.updatePasswordFailed,
    send: async (values) => {
      const answer = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      reset();
      onChanged(answer.token);
    },
  });

  const close = () => {
    reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Change password"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? <Notice tone="error">{error}</Notice> : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            {...fieldProps(form, "currentPassword")}
          />
          <NewPasswordFields form={form} path="newPassword" label="New password" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
