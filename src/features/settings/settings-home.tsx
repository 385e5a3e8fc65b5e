import { Paper, Text } from "@mantine/core";
import { DASHBOARD_TEXT } from "@shared/text/dashboard-text";
import { usePageTitle } from "@/lib/page-title";

export default function SettingsHome() {
  usePageTitle("Settings");
  return (
    <Paper withBorder radius="md" p="lg">
      <Text>{DASHBOARD_TEXT.settingsIntro}</Text>
    </Paper>
  );
}
