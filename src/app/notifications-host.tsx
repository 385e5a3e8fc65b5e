import "@mantine/notifications/styles.css";
import { Notifications } from "@mantine/notifications";
import { NOTICE_HIDE_MS } from "@shared/constants";

export default function NotificationsHost() {
  return <Notifications position="top-right" autoClose={NOTICE_HIDE_MS} />;
}
