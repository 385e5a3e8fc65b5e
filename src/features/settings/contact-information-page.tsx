import { Paper, Stack, Title } from "@mantine/core";
import type { DealerProfile } from "@shared/core/api-types";
import { EMPTY_DEALER_PROFILE } from "@shared/core/constants";
import { formatDealerPhone } from "@shared/core/format";
import { mayWriteDefaults } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import {
  canSaveDealership,
  type DealershipValues,
  profileBody,
  validateDealership,
} from "@shared/validation/dealership";
import { DealershipFields, SaveRow } from "@/components/form-fields";
import { BannerNotice, Notice } from "@/components/notice";
import { useDealerForm } from "@/lib/form";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { updateProfile } from "./profile/profile-api";

/** The stored profile as the form shows it: phone as (XXX) XXX-XXXX. */
const formValues = (profile: DealerProfile): DealershipValues => ({
  ...profile,
  phoneNumber: formatDealerPhone(profile.phoneNumber),
});

export default function ContactInformationPage() {
  usePageTitle("Dealership information");
  const { user, setUser } = useSession();
  const saved = formValues(user?.dealerProfile ?? EMPTY_DEALER_PROFILE);
  const { form, banner, setBanner, submitting, submit } = useDealerForm<DealershipValues>({
    initialValues: saved,
    validate: validateDealership,
    messages: "blur",
    failure: MSG.updateDealershipFailed,
    send: async (values) => {
      const answer = await updateProfile(profileBody(values));
      setUser(answer.user);
      form.setValues(formValues(answer.user.dealerProfile));
      form.resetDirty();
      return MSG.dealershipUpdated;
    },
  });
  useUnsavedChanges(
    (Object.keys(saved) as (keyof DealershipValues)[]).some((key) => form.values[key] !== saved[key]),
  );
  if (!user) return null;
  // The profile is the dealership's: a salesperson reads it; the server refuses their writes (403).
  const editable = mayWriteDefaults(user);
  // Save stays disabled until something changed and every field is right.
  const canSave = editable && canSaveDealership(form.values, saved) && !submitting;

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
        <form onSubmit={editable ? submit : (event) => event.preventDefault()} noValidate>
          <Stack>
            <DealershipFields form={form} required readOnly={!editable} />
            {editable ? <SaveRow busy={submitting} disabled={!canSave} /> : null}
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
