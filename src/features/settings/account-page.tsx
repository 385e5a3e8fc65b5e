import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/text/messages";
import { type AccountValues, canSaveAccount, validateAccount } from "@shared/validation/account";
import { useState } from "react";
import { NameFields, SaveRow } from "@/components/form-fields";
import { BannerNotice } from "@/components/notice";
import { useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { ChangeEmailDialog } from "./profile/change-email-dialog";
import { ChangePasswordDialog } from "./profile/change-password-dialog";
import { updateAccount } from "./profile/profile-api";

type Dialog = "email" | "password" | null;

export default function AccountPage() {
  usePageTitle("Account");
  const { user, setUser, signIn } = useSession();
  const [dialog, setDialog] = useState<Dialog>(null);
  const saved: AccountValues = { firstName: user?.firstName ?? "", lastName: user?.lastName ?? "" };
  const { form, banner, setBanner, submitting, submit } = useDealerForm<AccountValues>({
    initialValues: saved,
    validate: validateAccount,
    failure: MSG.updateAccountFailed,
    send: async (values) => {
      const answer = await updateAccount(values.firstName.trim(), values.lastName.trim());
      setUser(answer.user);
      form.setValues({ firstName: answer.user.firstName, lastName: answer.user.lastName });
      return MSG.accountUpdated;
    },
  });

  useUnsavedChanges(form.values.firstName !== saved.firstName || form.values.lastName !== saved.lastName);

  // The settings routes require a login, so this only covers the instant of signing out.
  if (!user) return null;

  return (
    <Stack gap="lg">
      <Title order={2}>Account</Title>
      <BannerNotice banner={banner} onClose={() => setBanner(null)} />

      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={3} fz="h4">
              Your name
            </Title>
            <NameFields form={form} />
            <SaveRow busy={submitting} disabled={!canSaveAccount(form.values, saved)} />
          </Stack>
        </form>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Stack>
          <Title order={3} fz="h4">
            Sign-in details
          </Title>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Text fw={600}>Email</Text>
              <Text className="dd-secondary-text" style={{ wordBreak: "break-all" }}>
                {user.email}
              </Text>
            </div>
            <Button variant="default" onClick={() => setDialog("email")}>
              Change email
            </Button>
          </Group>
          <Group justify="space-between" wrap="wrap" gap="sm">
            <div>
              <Text fw={600}>Password</Text>
              <Text className="dd-secondary-text">Changing it signs out your other devices.</Text>
            </div>
            <Button variant="default" onClick={() => setDialog("password")}>
              Change password
            </Button>
          </Group>
        </Stack>
      </Paper>

      <ChangeEmailDialog
        opened={dialog === "email"}
        currentEmail={user.email}
        onClose={() => setDialog(null)}
        onChanged={(changed) => {
          setUser(changed);
          setDialog(null);
          setBanner({ tone: "success", text: MSG.emailUpdated });
        }}
      />
      <ChangePasswordDialog
        opened={dialog === "password"}
        onClose={() => setDialog(null)}
        onChanged={(token) => {
          // Older tokens are revoked now; keep this session on the fresh one.
          signIn(token, user);
          setDialog(null);
          setBanner({ tone: "success", text: MSG.passwordUpdated });
        }}
      />
    </Stack>
  );
}
