import { Anchor, Button, PasswordInput, TextInput } from "@mantine/core";
import { MSG } from "@shared/text/messages";
import { startTransition } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { fieldProps, useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { logIn } from "./auth-api";
import { AuthCard, AuthForm, AuthLink } from "./auth-card";

/** Where to go after logging in: the page that sent the dealer here, if it is one of ours. */
function destinationFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only same-site paths: "//evil.example" would leave the app.
  return typeof from === "string" && from.startsWith("/") && !from.startsWith("//") ? from : "/dashboard";
}

export default function LoginPage() {
  usePageTitle("Log in");
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Spec §5: no client-side validation on login; the server's message is shown.
  const { form, error, submitting, submit } = useDealerForm({
    initialValues: { email: "", password: "" },
    failure: MSG.loginFailed,
    send: async (values) => {
      const answer = await logIn(values.email, values.password);
      const destination = destinationFrom(location.state);
      // The router moves in a transition; signing in inside the same transition makes both land in
      // one render, so the guest-only guard of /login never redirects to /dashboard over `from`.
      startTransition(() => {
        signIn(answer.token, answer.user);
        navigate(destination, { replace: true });
      });
    },
  });

  return (
    <AuthCard title="Log in to your account">
      <AuthForm
        onSubmit={submit}
        error={error}
        links={<AuthLink to="/register">Don't have an account? Sign up</AuthLink>}
      >
        <TextInput label="Email" type="email" autoComplete="email" {...fieldProps(form, "email")} autoFocus />
        <PasswordInput label="Password" autoComplete="current-password" {...fieldProps(form, "password")} />
        <Anchor component={Link} to="/forgot-password" size="sm" ta="right">
          Forgot password?
        </Anchor>
        <Button type="submit" loading={submitting} fullWidth>
          Log In
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
