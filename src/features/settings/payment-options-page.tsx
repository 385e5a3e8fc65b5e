import { mayWriteDefaults } from "@shared/rules/permissions";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { useCallback, useEffect, useState } from "react";
import { PaymentOptionsForm } from "@/components/payment-options-form";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import type { Banner } from "@/lib/use-banner";
import { DefaultsPageFrame } from "./defaults/defaults-page-frame";
import { loadPaymentOptions, type PaymentOptions, savePaymentOptions } from "./settings-api";

// Settings → Payment options (issue #18): what new quotes start with. GET/PUT
// /api/dealer-defaults/payment-options; a salesperson reads them.

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
    loadPaymentOptions()
      .then(setOptions)
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  if (!user) return null;
  const editable = mayWriteDefaults(user);

  return (
    <DefaultsPageFrame
      title={STRUCTURES_TEXT.paymentOptionsTitle}
      intro={STRUCTURES_TEXT.paymentOptionsIntro}
      banner={banner}
      onCloseBanner={() => setBanner(null)}
      editable={editable}
      failed={failed}
      onRetry={load}
    >
      {options === null ? null : (
        <PaymentOptionsForm
          key={version}
          structures={options.structures}
          leaseProgram={options.leaseProgram ?? undefined}
          readOnly={!editable}
          onSave={async (structures, leaseProgram) => {
            setBanner(null);
            try {
              const saved = await savePaymentOptions({ structures, leaseProgram: leaseProgram ?? null });
              setOptions(saved);
              setVersion((n) => n + 1);
              setBanner({ tone: "success", text: STRUCTURES_TEXT.paymentOptionsSaved });
              return true;
            } catch (error) {
              setBanner({
                tone: "error",
                text: errorText(error, STRUCTURES_TEXT.paymentOptionsFailed),
              });
              return false;
            }
          }}
        />
      )}
    </DefaultsPageFrame>
  );
}
