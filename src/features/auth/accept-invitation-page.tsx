import { Button } from "@mantine/core";
import { MSG } from "@shared/messages";
import { collect, confirmation, isBlank, newPassword, required } from "@shared/validation/rules";
import { useNavigate, useSearchParams } from "react-router";
import { NameFields, NewPasswordFields } from "@/components/form-fields";
import { useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { acceptInvitation } from "../team/team-api";
import { AuthCard, AuthForm, AuthLink } from "./auth-card";

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
  const shown = error ?? (isBlank(token) ? MSG.invitationInvalid : null);

  return (
    <AuthCard title={MSG.acceptInvitation} subtitle="Set your name and a password to start." width={520}>
      <AuthForm
        onSubmit={submit}
        error={shown}
        links={<AuthLink to="/login">Already have an account? Log in</AuthLink>}
      >
        <NameFields form={form} />
        <NewPasswordFields form={form} />
        <Button type="submit" loading={submitting} disabled={isBlank(token)} fullWidth>
          {MSG.joinDealership}
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
