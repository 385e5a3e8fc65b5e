import { Button, Group, Paper, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import type { PendingInvitation } from "@shared/core/api-types";
import { ROLE_LABELS } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import { type ReactNode, useState } from "react";

// The owner's pending invitations on the Team page: who was invited, as what, by whom and until
// when, with Revoke (the link stops working) and Resend (a new mail with a new link; the earlier
// link stops working, as with any new invitation to the address).

const expiryDate = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function PendingInvitations({
  invitations,
  onResend,
  onRevoke,
  scroll,
}: {
  invitations: PendingInvitation[];
  onResend(invitation: PendingInvitation): Promise<void>;
  onRevoke(invitation: PendingInvitation): Promise<void>;
  /** The page's sideways-scrolling wrapper for tables on a phone. */
  scroll(label: string, table: ReactNode): ReactNode;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (invitation: PendingInvitation, action: typeof onResend) => {
    setBusy(invitation.id);
    try {
      await action(invitation);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="h4" mb="sm">
        {MSG.pendingInvitations}
      </Title>
      {invitations.length === 0 ? (
        <Text size="sm" className="dd-secondary-text">
          {MSG.noPendingInvitations}
        </Text>
      ) : (
        scroll(
          MSG.pendingInvitations,
          <Table verticalSpacing="sm" aria-label={MSG.pendingInvitations}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>{MSG.role}</Table.Th>
                <Table.Th>{MSG.invitedBy}</Table.Th>
                <Table.Th>{MSG.invitationExpires}</Table.Th>
                <Table.Th pos="relative">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invitations.map((invitation) => (
                <Table.Tr key={invitation.id} data-testid="pending-invitation">
                  <Table.Td>{invitation.email}</Table.Td>
                  <Table.Td>{capitalized(ROLE_LABELS[invitation.role])}</Table.Td>
                  <Table.Td>{invitation.invitedBy}</Table.Td>
                  <Table.Td>{expiryDate.format(new Date(invitation.expiresAt))}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="xs"
                        disabled={busy !== null}
                        onClick={() => void act(invitation, onResend)}
                        aria-label={`${MSG.resendInvitation} ${invitation.email}`}
                      >
                        {MSG.resendInvitation}
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        disabled={busy !== null}
                        onClick={() => void act(invitation, onRevoke)}
                        aria-label={`${MSG.revokeInvitation} ${invitation.email}`}
                      >
                        {MSG.revokeInvitation}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>,
        )
      )}
    </Paper>
  );
}
