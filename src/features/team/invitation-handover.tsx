import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { MSG } from "@shared/text/messages";
import { IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { copyText } from "@/lib/clipboard";

// Issue #51: with no mail server (SMTP_URL unset) an invitation is only a file on the server, so
// the owner gets its link to hand over themselves: shown read-only, with "Copy invitation link".

export type Handover = { email: string; link: string };

export function InvitationHandover({ handover }: { handover: Handover }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  return (
    <Paper withBorder p="md" radius="md" data-testid="invitation-handover">
      <Stack gap="xs">
        <TextInput
          label={`${MSG.invitationLinkLabel} (${handover.email})`}
          value={handover.link}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
        />
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconCopy size={16} aria-hidden />}
            onClick={async () => setCopied(await copyText(handover.link))}
          >
            {MSG.copyInvitationLink}
          </Button>
          {copied === true ? (
            <Text size="sm" role="status">
              {MSG.invitationLinkCopied}
            </Text>
          ) : copied === false ? (
            <Text size="sm" role="status">
              {MSG.invitationLinkCopyFailed}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
}
