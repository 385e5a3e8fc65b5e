import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { MSG } from "@shared/messages";
import { type ForgotPasswordValues, validateForgotPassword } from "@shared/validation/password-reset";
import { useState } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
import { useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { requestPasswordReset } from "./auth-api";
import { AuthCard } from "./auth-card";

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
          <Anchor component={Link} to="/login" ta="center">
            Back to login
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? <Notice tone="error">{error}</Notice> : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            {...form.getInputProps("email")}
          />
          <Button type="submit" loading={submitting} fullWidth>
            Send Reset Link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
