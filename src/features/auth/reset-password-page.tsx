import { Button } from "@mantine/core";
import { RESET_REDIRECT_MS } from "@shared/core/constants";
import { MSG } from "@shared/text/messages";
import { type ResetPasswordValues, validateResetPassword } from "@shared/validation/password-reset";
import { useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { NewPasswordFields } from "@/components/form-fields";
import { Notice } from "@/components/notice";
import { useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { resetPassword } from "./auth-api";
import { AuthCard, AuthForm, AuthLink } from "./auth-card";

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
      <AuthForm
        onSubmit={submit}
        error={missing ? MSG.resetTokenMissing : error}
        links={
          missing ? (
            <AuthLink to="/forgot-password">Request a new reset link</AuthLink>
          ) : (
            <AuthLink to="/login">Back to login</AuthLink>
          )
        }
      >
        {done ? <Notice tone="success">{MSG.resetSuccess} Taking you to the login page...</Notice> : null}
        <NewPasswordFields form={form} label="New password" disabled={missing || done} />
        <Button type="submit" loading={submitting} disabled={missing || done} fullWidth>
          Reset Password
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
