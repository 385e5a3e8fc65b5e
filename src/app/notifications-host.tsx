import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { NOTICE_HIDE_MS } from "@shared/core/constants";

/** Bottom right: at the top they covered the header's account menu (issue #14). */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" autoClose={NOTICE_HIDE_MS} />;
}
