import { Anchor, Button, Stack, Text } from "@mantine/core";
import { RESET_REDIRECT_MS } from "@shared/constants";
import { MSG } from "@shared/messages";
import { type ResetPasswordValues, validateResetPassword } from "@shared/validation/password-reset";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { NewPasswordFields } from "@/components/form-fields";
import { Notice } from "@/components/notice";
import { useDealerForm } from "@/lib/form";
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
  const { form, error, submitting, submit } = useDealerForm<ResetPasswordValues>({
    initialValues: { password: "", confirmPassword: "" },
    validate: validateResetPassword,
    failure: MSG.resetPasswordFailed,
    send: async (values) => {
      await resetPassword(token, values.password);
      // The reset revoked every session of the account, this browser's included.
      if (user) signOut();
      setDone(true);
    },
  });

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate("/login", { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const missing = token === "";
  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {missing ? <Notice tone="error">{MSG.resetTokenMissing}</Notice> : null}
          {error ? <Notice tone="error">{error}</Notice> : null}
          {done ? <Notice tone="success">{MSG.resetSuccess} Taking you to the login page...</Notice> : null}
          <NewPasswordFields form={form} label="New password" disabled={missing || done} />
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
