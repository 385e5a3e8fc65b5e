import { Button, Divider, Stack, TextInput, Title } from "@mantine/core";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { MSG } from "@shared/text/messages";
import { type RegisterValues, validateRegister } from "@shared/validation/register";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { DealershipFields, NameFields, NewPasswordFields } from "@/components/form-fields";
import { Notice } from "@/components/notice";
import { fieldProps, useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { registerDealer, registrationStatus } from "./auth-api";
import { AuthCard, AuthForm, AuthLink } from "./auth-card";

const EMPTY: Required<RegisterValues> = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
  ...EMPTY_DEALER_PROFILE,
};

export default function RegisterPage() {
  usePageTitle("Create your account");
  const { signIn } = useSession();
  const navigate = useNavigate();
  // REGISTRATION (first / invite) may close sign-up; the API refuses it too, with the same message.
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    let live = true;
    registrationStatus()
      .then((status) => live && setClosed(!status.open))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  // Errors show after Create Account and clear as soon as their field is edited (spec §5).
  const { form, error, submitting, submit } = useDealerForm<Required<RegisterValues>>({
    initialValues: EMPTY,
    validate: validateRegister,
    failure: MSG.registrationFailed,
    send: async (values) => {
      const answer = await registerDealer(values);
      signIn(answer.token, answer.user);
      navigate("/dashboard", { replace: true });
    },
  });

  if (closed) {
    return (
      <AuthCard title="Create your dealer account" subtitle="Start building quotes in minutes." width={620}>
        <Stack>
          <Notice tone="info">{MSG.registrationClosed}</Notice>
          <AuthLink to="/login">Already have an account? Log in</AuthLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your dealer account" subtitle="Start building quotes in minutes." width={620}>
      <AuthForm
        onSubmit={submit}
        error={error}
        links={<AuthLink to="/login">Already have an account? Log in</AuthLink>}
      >
        <NameFields form={form} />
        <TextInput label="Email" type="email" required autoComplete="email" {...fieldProps(form, "email")} />
        <NewPasswordFields form={form} sideBySide />

        <Divider mt="sm" />
        <Title order={2} fz="h4">
          Dealership Information (Optional)
        </Title>
        <DealershipFields form={form} />

        <Button type="submit" loading={submitting} fullWidth mt="sm">
          Create Account
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
