import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { MSG, TEXT } from "@shared/messages";
import { mayWriteDefaults } from "@shared/permissions";
import type { LeaseProgram, Structures } from "@shared/quote-schema";
import { STRUCTURES_TEXT } from "@shared/structure-messages";
import { useCallback, useEffect, useState } from "react";
import { type Banner, BannerNotice, Notice } from "@/components/notice";
import { PageLoader } from "@/components/page-loader";
import { PaymentOptionsForm } from "@/components/payment-options-form";
import { ApiError, apiRequest } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";

// Settings → Payment options (issue #18): what new quotes start with. GET/PUT
// /api/dealer-defaults/payment-options; a salesperson reads them.

type PaymentOptions = { structures: Structures; leaseProgram: LeaseProgram | null };

export default function PaymentOptionsPage() {
  usePageTitle(STRUCTURES_TEXT.paymentOptionsTitle);
  const { user } = useSession();
  const [options, setOptions] = useState<PaymentOptions | null>(null);
  const [failed, setFailed] = useState(false);
  const [banner, setBanner] = useState<Banner | null>(null);
  // The form restarts from what was saved (its key), so it never shows stale values.
  const [version, setVersion] = useState(0);

  const load = useCallback(() => {
    setFailed(false);
    apiRequest<PaymentOptions>("/dealer-defaults/payment-options", { auth: true })
      .then(setOptions)
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  if (!user) return null;
  const editable = mayWriteDefaults(user);

  return (
    <Stack gap="md">
      <Title order={2}>{STRUCTURES_TEXT.paymentOptionsTitle}</Title>
      <Text className="dd-secondary-text">{STRUCTURES_TEXT.paymentOptionsIntro}</Text>
      <BannerNotice banner={banner} onClose={() => setBanner(null)} />
      {!editable && (
        <Notice tone="info" data-testid="defaults-read-only">
          {MSG.defaultsReadOnly}
        </Notice>
      )}
      {failed ? (
        <div>
          <Button variant="default" onClick={load}>
            {TEXT.tryAgain}
          </Button>
        </div>
      ) : options === null ? (
        <PageLoader />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <PaymentOptionsForm
            key={version}
            structures={options.structures}
            leaseProgram={options.leaseProgram ?? undefined}
            readOnly={!editable}
            onSave={async (structures, leaseProgram) => {
              setBanner(null);
              try {
                const saved = await apiRequest<PaymentOptions>("/dealer-defaults/payment-options", {
                  method: "PUT",
                  body: { structures, leaseProgram: leaseProgram ?? null },
                  auth: true,
                });
                setOptions(saved);
                setVersion((n) => n + 1);
                setBanner({ tone: "success", text: STRUCTURES_TEXT.paymentOptionsSaved });
                return true;
              } catch (error) {
                setBanner({
                  tone: "error",
                  text: error instanceof ApiError ? error.message : STRUCTURES_TEXT.paymentOptionsFailed,
                });
                return false;
              }
            }}
          />
        </Paper>
      )}
    </Stack>
  );
}
