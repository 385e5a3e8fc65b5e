import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MSG } from "@shared/messages";
import { type ForgotPasswordValues, validateForgotPassword } from "@shared/validation/password-reset";
import { useState } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { requestPasswordReset } from "./auth-api";
import { AuthCard } from "./auth-card";

export default function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<ForgotPasswordValues>({
    mode: "controlled",
    initialValues: { email: "" },
    validate: (values) => validateForgotPassword(values),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      await requestPasswordReset(values.email);
      setSent(true);
    } catch (caught) {
      setError(errorText(caught, MSG.requestResetFailed));
    } finally {
      setSubmitting(false);
    }
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
