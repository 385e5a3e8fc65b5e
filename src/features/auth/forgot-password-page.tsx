import { Button, Stack, TextInput } from "@mantine/core";
import { MSG } from "@shared/text/messages";
import { type ForgotPasswordValues, validateForgotPassword } from "@shared/validation/password-reset";
import { useState } from "react";
import { Notice } from "@/components/notice";
import { fieldProps, useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { requestPasswordReset } from "./auth-api";
import { AuthCard, AuthForm, AuthLink } from "./auth-card";

export default function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const [sent, setSent] = useState(false);
  const { form, error, submitting, submit } = useDealerForm<ForgotPasswordValues>({
    initialValues: { email: "" },
    validate: validateForgotPassword,
    failure: MSG.requestResetFailed,
    send: async (values) => {
      await requestPasswordReset(values.email);
      setSent(true);
    },
  });

  if (sent) {
    return (
      <AuthCard title="Check your email">
        <Stack>
          <Notice tone="success">{MSG.checkEmail}</Notice>
          <AuthLink to="/login">Back to login</AuthLink>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      <AuthForm onSubmit={submit} error={error} links={<AuthLink to="/login">Back to login</AuthLink>}>
        <TextInput label="Email" type="email" autoComplete="email" autoFocus {...fieldProps(form, "email")} />
        <Button type="submit" loading={submitting} fullWidth>
          Send Reset Link
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
