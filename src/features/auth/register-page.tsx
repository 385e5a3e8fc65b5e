import {
  Anchor,
  Button,
  Divider,
  Grid,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { formatDealerPhone, normalizeState } from "@shared/format";
import { MSG } from "@shared/messages";
import { type RegisterValues, validateRegister } from "@shared/validation/register";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { registerDealer, registrationStatus } from "./auth-api";
import { AuthCard } from "./auth-card";

const EMPTY: Required<RegisterValues> = {
  firstName: "",
  lastName: "",
  email: "",
  password: "",
  confirmPassword: "",
  dealershipName: "",
  streetAddress: "",
  city: "",
  state: "",
  zipCode: "",
  phoneNumber: "",
};

export default function RegisterPage() {
  usePageTitle("Create your account");
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
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
  const form = useForm<Required<RegisterValues>>({
    mode: "controlled",
    initialValues: EMPTY,
    validate: (values) => validateRegister(values),
    clearInputErrorOnChange: true,
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      const answer = await registerDealer(values);
      signIn(answer.token, answer.user);
      navigate("/dashboard", { replace: true });
    } catch (caught) {
      setError(errorText(caught, MSG.registrationFailed));
      setSubmitting(false);
    }
  });

  if (closed) {
    return (
      <AuthCard title="Create your dealer account" subtitle="Start building quotes in minutes." width={620}>
        <Stack>
          <Notice tone="info">{MSG.registrationClosed}</Notice>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Already have an account? Log in
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Create your dealer account" subtitle="Start building quotes in minutes." width={620}>
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
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps("email")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Password"
              required
              autoComplete="new-password"
              description="At least 8 characters"
              // Under the field, so both password fields line up.
              inputWrapperOrder={["label", "input", "description", "error"]}
              styles={{ description: { color: "var(--dd-text-secondary)" } }}
              {...form.getInputProps("password")}
            />
            <PasswordInput
              label="Confirm password"
              required
              autoComplete="new-password"
              {...form.getInputProps("confirmPassword")}
            />
          </SimpleGrid>

          <Divider mt="sm" />
          <Title order={2} fz="h4">
            Dealership Information (Optional)
          </Title>
          <TextInput
            label="Dealership name"
            autoComplete="organization"
            {...form.getInputProps("dealershipName")}
          />
          <TextInput
            label="Street address"
            autoComplete="street-address"
            {...form.getInputProps("streetAddress")}
          />
          <Grid>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInput label="City" autoComplete="address-level2" {...form.getInputProps("city")} />
            </Grid.Col>
            <Grid.Col span={{ base: 5, sm: 3 }}>
              <TextInput
                label="State"
                autoComplete="address-level1"
                maxLength={2}
                {...form.getInputProps("state")}
                onChange={(e) => form.setFieldValue("state", normalizeState(e.currentTarget.value))}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 7, sm: 4 }}>
              <TextInput
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                {...form.getInputProps("zipCode")}
              />
            </Grid.Col>
          </Grid>
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel-national"
            placeholder="(555) 123-4567"
            {...form.getInputProps("phoneNumber")}
            onChange={(e) => form.setFieldValue("phoneNumber", formatDealerPhone(e.currentTarget.value))}
          />

          <Button type="submit" loading={submitting} fullWidth mt="sm">
            Create Account
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
