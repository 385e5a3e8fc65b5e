import { PasswordInput } from "@mantine/core";
import { MSG } from "@shared/text/messages";
import { type ChangePasswordValues, validateChangePassword } from "@shared/validation/account";
import { FormDialog } from "@/components/form-dialog";
import { NewPasswordFields } from "@/components/form-fields";
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
  const dealerForm = useDealerForm<ChangePasswordValues>({
    initialValues: EMPTY,
    validate: validateChangePassword,
    failure: MSG.updatePasswordFailed,
    send: async (values) => {
      const answer = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      dealerForm.reset();
      onChanged(answer.token);
    },
  });

  return (
    <FormDialog opened={opened} title="Change password" form={dealerForm} onClose={onClose}>
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        data-autofocus
        {...fieldProps(dealerForm.form, "currentPassword")}
      />
      <NewPasswordFields form={dealerForm.form} path="newPassword" label="New password" />
    </FormDialog>
  );
}
