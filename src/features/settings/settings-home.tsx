import { Paper, Text } from "@mantine/core";
import { TEXT } from "@shared/messages";
import { usePageTitle } from "@/lib/page-title";

export default function SettingsHome() {
  usePageTitle("Settings");
  return (
    <Paper withBorder radius="md" p="lg">
      <Text>{TEXT.settingsIntro}</Text>
    </Paper>
  );
}
