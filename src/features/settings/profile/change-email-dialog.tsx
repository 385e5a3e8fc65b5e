import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import type { PublicUser } from "@shared/api-types";
import { MSG } from "@shared/messages";
import { type ChangeEmailValues, canSaveChangeEmail, validateChangeEmail } from "@shared/validation/account";
import { type FormEvent, useState } from "react";
import { errorText } from "@/lib/api";
import { changeEmail } from "./profile-api";

const EMPTY: ChangeEmailValues = { newEmail: "", currentPassword: "" };
type Touched = Partial<Record<keyof ChangeEmailValues, boolean>>;

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
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState<Touched>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errors = validateChangeEmail(values, currentEmail);
  const canSave = canSaveChangeEmail(values, currentEmail) && !saving;

  const close = () => {
    setValues(EMPTY);
    setTouched({});
    setError(null);
    onClose();
  };

  const field = (name: keyof ChangeEmailValues) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setError(null);
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) {
      setTouched({ newEmail: true, currentPassword: true });
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await changeEmail(values);
      setValues(EMPTY);
      setTouched({});
      onChanged(answer.user);
    } catch (caught) {
      setError(errorText(caught, MSG.updateEmailFailed));
    } finally {
      setSaving(false);
    }
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
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            data-autofocus
            {...field("newEmail")}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...field("currentPassword")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSave} loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
