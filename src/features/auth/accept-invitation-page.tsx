import { Button, Loader, Stack, Text, TextInput } from "@mantine/core";
import type { InvitationPreview } from "@shared/core/api-types";
import { ROLE_LABELS } from "@shared/rules/permissions";
import { collect, confirmation, isBlank, newPassword, required } from "@shared/schemas/field-rules";
import { MSG } from "@shared/text/messages";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { NameFields, NewPasswordFields } from "@/components/form-fields";
import { useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { acceptInvitation, invitationPreview } from "./auth-api";
import { AuthCard, AuthForm, AuthLink } from "./auth-card";

// /accept-invitation?token=… (issue #20): the link of an owner's invitation email. The invitee
// sets a name and a password, joins the dealership in the role the owner chose, and is signed in.
// The page first says what the link joins (#51): the dealership, the role and the invited email.

type Values = { firstName: string; lastName: string; password: string; confirmPassword: string };

const validate = (values: Values) =>
  collect<keyof Values>([
    ["firstName", required(MSG.firstNameRequired)(values.firstName)],
    ["lastName", required(MSG.lastNameRequired)(values.lastName)],
    ["password", newPassword()(values.password)],
    ["confirmPassword", confirmation(values.password, values.confirmPassword, MSG.passwordsDoNotMatch)],
  ]);

export default function AcceptInvitationPage() {
  usePageTitle(MSG.acceptInvitation);
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { signIn } = useSession();
  const navigate = useNavigate();
  const { form, error, submitting, submit } = useDealerForm<Values>({
    initialValues: { firstName: "", lastName: "", password: "", confirmPassword: "" },
    validate,
    failure: MSG.invitationInvalid,
    send: async (values) => {
      const answer = await acceptInvitation({
        token,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
      });
      signIn(answer.token, answer.user);
      navigate("/dashboard", { replace: true });
    },
  });
  // undefined while asking, null for a link that no longer joins.
  const [preview, setPreview] = useState<InvitationPreview | null | undefined>(
    isBlank(token) ? null : undefined,
  );
  useEffect(() => {
    if (isBlank(token)) return;
    let live = true;
    invitationPreview(token)
      .then((found) => live && setPreview(found))
      .catch(() => live && setPreview(null));
    return () => {
      live = false;
    };
  }, [token]);
  const shown = error ?? (preview === null ? MSG.invitationInvalid : null);

  return (
    <AuthCard title={MSG.acceptInvitation} subtitle={<InvitationLine preview={preview} />} width={520}>
      <AuthForm
        onSubmit={submit}
        error={shown}
        links={<AuthLink to="/login">Already have an account? Log in</AuthLink>}
      >
        {preview ? (
          <TextInput label="Email" value={preview.email} readOnly autoComplete="username" name="email" />
        ) : null}
        <NameFields form={form} />
        <NewPasswordFields form={form} />
        <Button type="submit" loading={submitting} disabled={!preview} fullWidth>
          {MSG.joinDealership}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}

/** What the link joins, said before any password is asked; a loader of the same height meanwhile. */
function InvitationLine({ preview }: { preview: InvitationPreview | null | undefined }) {
  if (preview === undefined)
    return (
      <Stack gap={4} mih={48} justify="center" component="span">
        <Loader size="sm" aria-label="Loading the invitation" />
      </Stack>
    );
  if (preview === null) return null;
  return (
    <Stack gap={4} component="span" data-testid="invitation-summary">
      <Text component="span" fw={600} c="var(--mantine-color-text)">
        {MSG.invitationJoins(preview.dealershipName, ROLE_LABELS[preview.role], preview.email)}
      </Text>
      {preview.invitedBy ? (
        <Text component="span" size="sm">
          {MSG.invitationFrom(preview.invitedBy)} Set your name and a password to start.
        </Text>
      ) : (
        <Text component="span" size="sm">
          Set your name and a password to start.
        </Text>
      )}
    </Stack>
  );
}
