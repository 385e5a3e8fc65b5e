import { ActionIcon, Button, Group } from "@mantine/core";
import { QUOTE_TEXT, TEXT } from "@shared/messages";
import { STRUCTURES_TEXT } from "@shared/structure-messages";
import { IconEdit, IconHistory, IconShare, IconTrash, IconX } from "@tabler/icons-react";
import { Link } from "react-router";
import type { QuoteDialog } from "../quote-dialogs";

/** Share, Edit vehicle, Delete and close (spec §2): the dealer's, so a chunk the shopper never loads. */
export default function DealerToolbar({ open }: { open(dialog: QuoteDialog): void }) {
  return (
    <Group
      justify="space-between"
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      mb="sm"
      data-testid="dealer-toolbar"
      role="toolbar"
      aria-label={QUOTE_TEXT.quoteActions}
    >
      <Group gap="xs" miw={0}>
        <Button
          leftSection={<IconShare size={16} aria-hidden="true" />}
          onClick={() => open({ kind: "share" })}
        >
          {QUOTE_TEXT.share}
        </Button>
        <Button
          variant="default"
          leftSection={<IconEdit size={16} aria-hidden="true" />}
          onClick={() => open({ kind: "vehicle" })}
        >
          {QUOTE_TEXT.editVehicle}
        </Button>
        <Button
          variant="default"
          leftSection={<IconHistory size={16} aria-hidden="true" />}
          onClick={() => open({ kind: "versions" })}
        >
          {STRUCTURES_TEXT.versions}
        </Button>
        <Button
          variant="default"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          onClick={() => open({ kind: "delete" })}
        >
          {TEXT.delete}
        </Button>
      </Group>
      <ActionIcon
        component={Link}
        to="/dashboard"
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={QUOTE_TEXT.closeQuote}
      >
        <IconX size={20} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
