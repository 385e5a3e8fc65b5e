import { Alert, Button, Group, Modal, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import { type ChangePasswordValues, validateChangePassword } from "@shared/validation/account";
import { useState } from "react";
import { errorText } from "@/lib/api";
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
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<ChangePasswordValues>({
    mode: "controlled",
    initialValues: EMPTY,
    validate: (values) => validateChangePassword(values),
  });

  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    try {
      const answer = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      form.reset();
      onChanged(answer.token);
    } catch (caught) {
      setError(errorText(caught, MSG.updatePasswordFailed));
    } finally {
      setSaving(false);
    }
  });

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
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            data-autofocus
            {...form.getInputProps("currentPassword")}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            description="At least 8 characters"
            styles={{ description: { color: "var(--dd-text-secondary)" } }}
            {...form.getInputProps("newPassword")}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            {...form.getInputProps("confirmPassword")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
