import { Alert } from "@mantine/core";
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import type { Banner } from "./use-default-list";

const LOOK = {
  success: { color: "green", Icon: IconCircleCheck },
  error: { color: "red", Icon: IconAlertCircle },
  info: { color: "blue", Icon: IconInfoCircle },
} as const;

/** The page's success or error banner (spec §8); errors are announced at once, the rest politely. */
export function StatusBanner({ banner, onClose }: { banner: Banner | null; onClose(): void }) {
  if (!banner) return null;
  const { color, Icon } = LOOK[banner.tone];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<Icon size={20} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role={banner.tone === "error" ? "alert" : "status"}
    >
      {banner.text}
    </Alert>
  );
}
