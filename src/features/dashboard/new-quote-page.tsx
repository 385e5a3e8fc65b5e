// /quote/new (spec §2): the vehicle form; on success the new quote opens in dealer mode.

import { Paper, Title } from "@mantine/core";
import { MSG, TEXT } from "@shared/messages";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PageContainer } from "@/components/page-container";
import { EMPTY_VEHICLE_FORM, VehicleForm } from "@/components/vehicle-form";
import { usePageTitle } from "@/lib/page-title";
import { useUnsavedChanges } from "@/lib/unsaved-changes";
import { createQuote } from "./quotes-api";

export default function NewQuotePage() {
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY_VEHICLE_FORM);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  usePageTitle(TEXT.createNewQuote);
  // Typed but not created yet: leaving asks first (Cancel is the way to drop it).
  useUnsavedChanges(!busy && Object.values(values).some((value) => value.trim() !== ""));

  return (
    <PageContainer>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} maw={720} mx="auto">
        <Title order={1} mb="md">
          {TEXT.createNewQuote}
        </Title>
        <VehicleForm
          values={values}
          onChange={setValues}
          submitLabel={TEXT.createQuote}
          busyLabel={TEXT.creating}
          busy={busy}
          error={failed ? MSG.createQuoteFailed : null}
          onCancel={() => navigate("/dashboard")}
          onSubmit={async (_values, quote) => {
            setBusy(true);
            setFailed(false);
            try {
              const { id } = await createQuote(quote);
              navigate(`/quote/${encodeURIComponent(id)}?view=dealer`);
            } catch (error) {
              // Spec §8 shows one fixed message; the reason goes to the console for support.
              console.error("Create quote failed", error);
              setFailed(true);
              setBusy(false);
            }
          }}
        />
      </Paper>
    </PageContainer>
  );
}
