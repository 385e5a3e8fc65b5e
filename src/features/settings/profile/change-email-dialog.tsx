import { PasswordInput, Text, TextInput } from "@mantine/core";
import type { PublicUser } from "@shared/core/api-types";
import { MSG } from "@shared/text/messages";
import { type ChangeEmailValues, canSaveChangeEmail, validateChangeEmail } from "@shared/validation/account";
import { FormDialog } from "@/components/form-dialog";
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
  const dealerForm = useDealerForm<ChangeEmailValues>({
    initialValues: EMPTY,
    validate: (values) => validateChangeEmail(values, currentEmail),
    messages: "blur",
    failure: MSG.updateEmailFailed,
    send: async (values) => {
      const answer = await changeEmail(values);
      dealerForm.reset();
      onChanged(answer.user);
    },
  });
  const { form, submitting } = dealerForm;
  const canSave = canSaveChangeEmail(form.values, currentEmail) && !submitting;

  return (
    <FormDialog
      opened={opened}
      title="Change email"
      form={dealerForm}
      onClose={onClose}
      saveDisabled={!canSave}
    >
      <Text size="sm" className="dd-secondary-text">
        Current email: {currentEmail}
      </Text>
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
    </FormDialog>
  );
}
