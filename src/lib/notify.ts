import { notifications } from "@mantine/notifications";
import { TEXT } from "@shared/text/page-text";

/** A toast (bottom right; hides after NOTICE_HIDE_MS, app/notifications-host.tsx): green, or red for a failure. */
export function notify(message: string, ok = true): void {
  notifications.show({
    message,
    color: ok ? "green" : "red",
    closeButtonProps: { "aria-label": TEXT.close },
  });
}
