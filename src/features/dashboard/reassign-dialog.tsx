// The desk log's "Reassign quote" dialog (issue #20): an owner or manager hands a deal to another
// member. The members come from GET /api/team when the dialog opens; the server checks the rest
// (PUT /api/quotes/:id/salesperson) and the quote's history records the move.

import { Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import type { TeamMember } from "@shared/core/api-types";
import { ROLE_LABELS } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import { CORE_MSG, TEXT } from "@shared/text/page-text";
import { useEffect, useState } from "react";
import { errorText } from "@/lib/api";
import type { DashboardQuote } from "./quote-list-view";
import { listReassignTargets, reassignQuote } from "./quotes-api";

interface ReassignDialogProps {
  quote: DashboardQuote | null;
  onClose(): void;
  onReassigned(quoteId: string, salesperson: { id: string; name: string }): void;
}

const memberName = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim();

export function ReassignDialog({ quote, onClose, onReassigned }: ReassignDialogProps) {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [choice, setChoice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!quote) return;
    let cancelled = false;
    setMembers(null);
    setError(null);
    setChoice(quote.salesperson.id);
    listReassignTargets()
      .then((list) => {
        if (!cancelled) setMembers(list);
      })
      .catch((caught: unknown) => {
        if (!cancelled) setError(errorText(caught, CORE_MSG.internalError));
      });
    return () => {
      cancelled = true;
    };
  }, [quote]);

  const save = async () => {
    if (!quote) return;
    if (choice === quote.salesperson.id) {
      onClose();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await reassignQuote(quote.id, choice);
      onReassigned(quote.id, answer.salesperson);
    } catch (caught) {
      setError(errorText(caught, CORE_MSG.internalError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={quote !== null}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={MSG.reassignQuote}
      centered
      closeButtonProps={{ "aria-label": TEXT.close }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {quote?.vehicleDescription}
          </Text>
          {members !== null && members.length < 2 ? (
            <Text size="sm" className="dd-secondary-text">
              {MSG.reassignNoTeam}
            </Text>
          ) : null}
          <NativeSelect
            label={MSG.reassignTo}
            value={choice}
            disabled={members === null || busy}
            onChange={(event) => setChoice(event.currentTarget.value)}
            data={(members ?? []).map((member) => ({
              value: member.id,
              label: `${memberName(member)} (${ROLE_LABELS[member.role]})`,
            }))}
            error={error ?? undefined}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {TEXT.cancel}
            </Button>
            <Button type="submit" loading={busy} disabled={members === null}>
              {MSG.reassign}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
