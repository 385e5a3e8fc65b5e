import {
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type {
  InvitationSentResponse,
  PendingInvitation,
  TeamAuditEntry,
  TeamMember,
} from "@shared/core/api-types";
import { INVITABLE_ROLES, type InvitableRole } from "@shared/core/team-roles";
import { mayManageTeam, ROLE_LABELS } from "@shared/rules/permissions";
import { isValidEmail } from "@shared/schemas/field-rules";
import { MSG } from "@shared/text/messages";
import { CORE_MSG } from "@shared/text/page-text";
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { BannerNotice, Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import type { Banner } from "@/lib/use-banner";
import { type Handover, InvitationHandover } from "./invitation-handover";
import { PendingInvitations } from "./pending-invitations";
import {
  changeRole,
  inviteMember,
  listTeam,
  pendingInvitations,
  removeMember,
  revokeInvitation,
  teamAudit,
} from "./team-api";

// Settings → Team (issue #20): everyone sees who works at the dealership and in which role; the
// owner invites people by email, changes roles, removes members and reads the audit. The server
// enforces all of it (shared/rules/permissions.ts); this page only mirrors what the signed-in role may do.

const ROLE_OPTIONS = INVITABLE_ROLES.map((role) => ({ value: role, label: capitalized(ROLE_LABELS[role]) }));

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const fullName = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim();

const auditTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export default function TeamPage() {
  usePageTitle(MSG.team);
  const { user } = useSession();
  const isOwner = user ? mayManageTeam(user) : false;
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [audit, setAudit] = useState<TeamAuditEntry[]>([]);
  const [invitations, setInvitations] = useState<PendingInvitation[]>([]);
  const [banner, setBanner] = useState<Banner | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [handover, setHandover] = useState<Handover | null>(null);

  /** An invitation's answer as it happened: "sent", or written to the outbox with its link to hand over. */
  const invited = (email: string, answer: InvitationSentResponse) => {
    if (answer.delivery === "outbox") {
      setBanner({ tone: "warning", text: answer.message });
      setHandover({ email, link: answer.link });
    } else {
      setBanner({ tone: "success", text: answer.message });
      setHandover(null);
    }
  };

  const load = useCallback(async () => {
    try {
      setMembers(await listTeam());
      if (isOwner) {
        setInvitations(await pendingInvitations());
        setAudit(await teamAudit());
      }
      setLoadError(null);
    } catch (caught) {
      setLoadError(errorText(caught, CORE_MSG.internalError));
    }
  }, [isOwner]);

  useEffect(() => {
    void load();
  }, [load]);

  const onRoleChange = async (member: TeamMember, role: InvitableRole) => {
    if (role === member.role) return;
    setBanner(null);
    try {
      await changeRole(member.id, role);
      setBanner({ tone: "success", text: MSG.roleChanged });
      await load();
    } catch (caught) {
      setBanner({ tone: "error", text: errorText(caught, CORE_MSG.internalError) });
    }
  };

  /** Runs an invitation action, which shows its own message (or the server's refusal here), and reloads. */
  const onInvitation =
    (action: (invitation: PendingInvitation) => Promise<void>) => async (invitation: PendingInvitation) => {
      setBanner(null);
      setHandover(null);
      try {
        await action(invitation);
      } catch (caught) {
        setBanner({ tone: "error", text: errorText(caught, CORE_MSG.internalError) });
      }
      await load();
    };
  const onResend = onInvitation(async (invitation) =>
    invited(invitation.email, await inviteMember(invitation.email, invitation.role)),
  );
  const onRevoke = onInvitation(async (invitation) => {
    await revokeInvitation(invitation.id);
    setBanner({ tone: "success", text: MSG.invitationRevoked });
  });

  const confirmRemove = async () => {
    if (!removing) return;
    const member = removing;
    setRemoving(null);
    setBanner(null);
    try {
      await removeMember(member.id);
      setBanner({ tone: "success", text: MSG.memberRemoved });
      await load();
    } catch (caught) {
      setBanner({ tone: "error", text: errorText(caught, CORE_MSG.internalError) });
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1} fz="h2">
        {MSG.team}
      </Title>
      <BannerNotice banner={banner} onClose={() => setBanner(null)} />
      {loadError ? <Notice tone="error">{loadError}</Notice> : null}
      {handover ? <InvitationHandover key={handover.link} handover={handover} /> : null}
      {isOwner ? (
        <InviteForm
          onSending={() => {
            setBanner(null);
            setHandover(null);
          }}
          onSent={invited}
          onSentReload={load}
        />
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz="h4" mb="sm">
          {MSG.teamMembers}
        </Title>
        <ScrollingTable label={MSG.teamMembers}>
          <Table verticalSpacing="sm" aria-label={MSG.teamMembers}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>{MSG.role}</Table.Th>
                {isOwner ? (
                  // The hidden label is positioned: it must stay inside the scrolling table.
                  <Table.Th pos="relative">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(members ?? []).map((member) => (
                <Table.Tr key={member.id} data-testid="team-member">
                  <Table.Td>{fullName(member)}</Table.Td>
                  <Table.Td>{member.email}</Table.Td>
                  <Table.Td>
                    {isOwner && member.role !== "owner" ? (
                      <Select
                        aria-label={`${MSG.role} of ${fullName(member)}`}
                        data={ROLE_OPTIONS}
                        value={member.role}
                        allowDeselect={false}
                        w={160}
                        onChange={(value) => value && void onRoleChange(member, value as InvitableRole)}
                      />
                    ) : (
                      capitalized(ROLE_LABELS[member.role])
                    )}
                  </Table.Td>
                  {isOwner ? (
                    <Table.Td>
                      {member.role !== "owner" ? (
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          onClick={() => setRemoving(member)}
                          aria-label={`${MSG.removeMember} ${fullName(member)}`}
                        >
                          {MSG.removeMember}
                        </Button>
                      ) : null}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollingTable>
      </Paper>
      {isOwner ? (
        <PendingInvitations
          invitations={invitations}
          onResend={onResend}
          onRevoke={onRevoke}
          scroll={(label, table) => <ScrollingTable label={label}>{table}</ScrollingTable>}
        />
      ) : null}
      {isOwner ? (
        <Paper withBorder p="md" radius="md">
          <Title order={2} fz="h4" mb="sm">
            {MSG.teamAudit}
          </Title>
          {audit.length === 0 ? (
            <Text size="sm" className="dd-secondary-text">
              No changes yet.
            </Text>
          ) : (
            <ScrollingTable label={MSG.teamAudit}>
              <Table verticalSpacing="xs" aria-label={MSG.teamAudit}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>What</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {audit.map((entry) => (
                    <Table.Tr
                      key={`${entry.at}|${entry.action}|${entry.detail}`}
                      data-testid="team-audit-entry"
                    >
                      <Table.Td>{auditTime.format(new Date(entry.at))}</Table.Td>
                      <Table.Td>{entry.actor}</Table.Td>
                      <Table.Td>
                        {entry.action}: {entry.detail}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollingTable>
          )}
        </Paper>
      ) : null}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title={MSG.removeMember} centered>
        <Stack>
          <Text>{removing ? MSG.confirmRemoveMember(fullName(removing)) : ""}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void confirmRemove()}>
              {MSG.removeMember}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function InviteForm({
  onSending,
  onSent,
  onSentReload,
}: {
  onSending(): void;
  onSent(email: string, answer: InvitationSentResponse): void;
  onSentReload(): Promise<void>;
}) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitableRole>("salesperson");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(MSG.emailInvalid);
      return;
    }
    setError(null);
    setSending(true);
    onSending();
    try {
      const answer = await inviteMember(email, role);
      onSent(email.trim().toLowerCase(), answer);
      setEmail("");
      await onSentReload();
    } catch (caught) {
      setError(errorText(caught, CORE_MSG.internalError));
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Title order={2} fz="h4" mb="sm">
        {MSG.inviteMember}
      </Title>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          style={{ flex: "1 1 240px" }}
        />
        <Select
          label={MSG.role}
          data={ROLE_OPTIONS}
          value={role}
          allowDeselect={false}
          onChange={(value) => value && setRole(value as InvitableRole)}
          w={180}
        />
        <Button type="submit" loading={sending} mt={{ base: 0, sm: 25 }}>
          {MSG.sendInvitation}
        </Button>
      </Group>
    </Paper>
  );
}

/** A table that scrolls sideways on a phone: a named region that takes the focus, so the keyboard can scroll it too. */
function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
