import { Anchor, Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import { collect, confirmation, isBlank, newPassword, required } from "@shared/validation/rules";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { acceptInvitation } from "../team/team-api";
import { AuthCard } from "./auth-card";

// /accept-invitation?token=… (issue #20): the link of an owner's invitation email. The invitee
// sets a name and a password, joins the dealership in the role the owner chose, and is signed in.

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
  const [error, setError] = useState<string | null>(isBlank(token) ? MSG.invitationInvalid : null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { firstName: "", lastName: "", password: "", confirmPassword: "" },
    validate,
    clearInputErrorOnChange: true,
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const answer = await acceptInvitation({
        token,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
      });
      signIn(answer.token, answer.user);
      navigate("/dashboard", { replace: true });
    } catch (caught) {
      setError(errorText(caught, MSG.invitationInvalid));
      setSubmitting(false);
    }
  });

  return (
    <AuthCard title={MSG.acceptInvitation} subtitle="Set your name and a password to start." width={520}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? <Notice tone="error">{error}</Notice> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First name"
              required
              autoComplete="given-name"
              {...form.getInputProps("firstName")}
            />
            <TextInput
              label="Last name"
              required
              autoComplete="family-name"
              {...form.getInputProps("lastName")}
            />
          </SimpleGrid>
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            description="At least 8 characters"
            styles={{ description: { color: "var(--dd-text-secondary)" } }}
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label="Confirm password"
            required
            autoComplete="new-password"
            {...form.getInputProps("confirmPassword")}
          />
          <Button type="submit" loading={submitting} disabled={isBlank(token)} fullWidth>
            {MSG.joinDealership}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Already have an account? Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
