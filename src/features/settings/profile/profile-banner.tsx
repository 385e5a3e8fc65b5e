import { Alert } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";

export type Banner = { tone: "success" | "error"; text: string };

/** The page's success or error banner (spec §8); errors are announced at once, successes politely. */
export function ProfileBanner({ banner, onClose }: { banner: Banner | null; onClose(): void }) {
  if (!banner) return null;
  const success = banner.tone === "success";
  const Icon = success ? IconCircleCheck : IconAlertCircle;
  return (
    <Alert
      color={success ? "green" : "red"}
      variant="light"
      icon={<Icon size={20} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role={success ? "status" : "alert"}
    >
      {banner.text}
    </Alert>
  );
}
