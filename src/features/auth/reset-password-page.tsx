import { Anchor, Button, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { RESET_REDIRECT_MS } from "@shared/constants";
import { MSG } from "@shared/messages";
import { type ResetPasswordValues, validateResetPassword } from "@shared/validation/password-reset";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { resetPassword } from "./auth-api";
import { AuthCard } from "./auth-card";

export default function ResetPasswordPage() {
  usePageTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const navigate = useNavigate();
  const { user, signOut } = useSession();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<ResetPasswordValues>({
    mode: "controlled",
    initialValues: { password: "", confirmPassword: "" },
    validate: (values) => validateResetPassword(values),
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/login", { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      await resetPassword(token, values.password);
      // The reset revoked every session of the account, this browser's included.
      if (user) signOut();
      setDone(true);
    } catch (caught) {
      setError(errorText(caught, MSG.resetPasswordFailed));
    } finally {
      setSubmitting(false);
    }
  });

  const missing = token === "";
  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {missing ? <Notice tone="error">{MSG.resetTokenMissing}</Notice> : null}
          {error ? <Notice tone="error">{error}</Notice> : null}
          {done ? <Notice tone="success">{MSG.resetSuccess} Taking you to the login page...</Notice> : null}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            disabled={missing || done}
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            disabled={missing || done}
            {...form.getInputProps("confirmPassword")}
          />
          <Button type="submit" loading={submitting} disabled={missing || done} fullWidth>
            Reset Password
          </Button>
          <Text size="sm" ta="center">
            {missing ? (
              <Anchor component={Link} to="/forgot-password">
                Request a new reset link
              </Anchor>
            ) : (
              <Anchor component={Link} to="/login">
                Back to login
              </Anchor>
            )}
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
