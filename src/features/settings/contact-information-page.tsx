import { Button, Grid, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import type { DealerProfile } from "@shared/api-types";
import { formatDealerPhone, normalizeState } from "@shared/format";
import { MSG } from "@shared/messages";
import { mayWriteDefaults } from "@shared/permissions";
import {
  canSaveDealership,
  type DealershipField,
  type DealershipValues,
  profileBody,
  validateDealership,
} from "@shared/validation/dealership";
import { type FormEvent, useState } from "react";
import { type Banner, BannerNotice, Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { updateProfile } from "./profile/profile-api";

/** The stored profile as the form shows it: phone as (XXX) XXX-XXXX. */
const formValues = (profile: DealerProfile): DealershipValues => ({
  ...profile,
  phoneNumber: formatDealerPhone(profile.phoneNumber),
});

type Touched = Partial<Record<DealershipField, boolean>>;

export default function ContactInformationPage() {
  usePageTitle("Dealership information");
  const { user, setUser } = useSession();
  const saved = formValues(
    user?.dealerProfile ?? {
      dealershipName: "",
      streetAddress: "",
      city: "",
      state: "",
      zipCode: "",
      phoneNumber: "",
    },
  );
  const [values, setValues] = useState<DealershipValues>(saved);
  const [touched, setTouched] = useState<Touched>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(
    (Object.keys(saved) as (keyof DealershipValues)[]).some((key) => values[key] !== saved[key]),
  );
  if (!user) return null;
  // The profile is the dealership's: a salesperson reads it; the server refuses their writes (403).
  const editable = mayWriteDefaults(user);

  const errors = validateDealership(values);
  const canSave = canSaveDealership(values, saved) && !saving;

  // A field's message shows once the dealer leaves it; Save stays disabled while any is wrong.
  const field = (name: DealershipField, format: (raw: string) => string = (raw) => raw) => ({
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = format(event.currentTarget.value);
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
    readOnly: !editable,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editable) return;
    if (!canSave) {
      setTouched({ dealershipName: true, state: true, zipCode: true, phoneNumber: true });
      return;
    }
    setSaving(true);
    setBanner(null);
    try {
      const answer = await updateProfile(profileBody(values));
      setUser(answer.user);
      setValues(formValues(answer.user.dealerProfile));
      setTouched({});
      setBanner({ tone: "success", text: MSG.dealershipUpdated });
    } catch (caught) {
      setBanner({ tone: "error", text: errorText(caught, MSG.updateDealershipFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={2}>Dealership information</Title>
      <BannerNotice banner={banner} onClose={() => setBanner(null)} />
      {!editable && (
        <Notice tone="info" data-testid="defaults-read-only">
          {MSG.dealershipReadOnly}
        </Notice>
      )}
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Dealership name"
              required
              autoComplete="organization"
              {...field("dealershipName")}
            />
            <TextInput label="Street address" autoComplete="street-address" {...field("streetAddress")} />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInput label="City" autoComplete="address-level2" {...field("city")} />
              </Grid.Col>
              <Grid.Col span={{ base: 5, sm: 3 }}>
                <TextInput
                  label="State"
                  autoComplete="address-level1"
                  maxLength={2}
                  {...field("state", normalizeState)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 7, sm: 4 }}>
                <TextInput
                  label="ZIP code"
                  autoComplete="postal-code"
                  inputMode="numeric"
                  {...field("zipCode")}
                />
              </Grid.Col>
            </Grid>
            <TextInput
              label="Phone"
              type="tel"
              required
              autoComplete="tel-national"
              placeholder="(555) 123-4567"
              {...field("phoneNumber", formatDealerPhone)}
            />
            {editable && (
              <Group justify="flex-end">
                <Button type="submit" loading={saving} disabled={!canSave}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
