// The per-quote actions of spec §2: edit, copy link, delete (and the desk log's reassign); issue #14
// adds duplicate (for another shopper) and, on expired quotes, renew. Expired quotes lose edit and
// copy link (spec §4). Clicks stop here so that the row or card under them does not open the quote.

import { ActionIcon, Group } from "@mantine/core";
import { QUOTE_COPY_TEXT } from "@shared/dealer-messages";
import {
  IconCalendarRepeat,
  IconCopy,
  IconEdit,
  IconLink,
  IconTrash,
  IconUserShare,
} from "@tabler/icons-react";
import type { KeyboardEvent, MouseEvent } from "react";
import type { DashboardQuote } from "./quote-list-view";

export interface QuoteActionHandlers {
  onEdit(quote: DashboardQuote): void;
  onCopyLink(quote: DashboardQuote): void;
  onDelete(quote: DashboardQuote): void;
  onRenew(quote: DashboardQuote): void;
  onDuplicate(quote: DashboardQuote): void;
  /** The desk log only (owners and managers): hand the quote to another member. */
  onReassign?(quote: DashboardQuote): void;
}

const stop = (event: MouseEvent | KeyboardEvent) => event.stopPropagation();

export function QuoteActions({
  quote,
  expired,
  handlers,
}: {
  quote: DashboardQuote;
  expired: boolean;
  handlers: QuoteActionHandlers;
}) {
  const vehicle = quote.vehicleDescription;
  return (
    // Key presses on the buttons must not reach the row's Enter handler either.
    <Group gap={4} wrap="nowrap" justify="flex-end" onClick={stop} onKeyDown={stop}>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={`Edit ${vehicle}`}
        title="Edit"
        disabled={expired}
        onClick={() => handlers.onEdit(quote)}
      >
        <IconEdit size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={`Copy link for ${vehicle}`}
        title="Copy link"
        disabled={expired}
        onClick={() => handlers.onCopyLink(quote)}
      >
        <IconLink size={18} aria-hidden="true" />
      </ActionIcon>
      {expired ? (
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={QUOTE_COPY_TEXT.renewLabel(vehicle)}
          title={QUOTE_COPY_TEXT.renew}
          onClick={() => handlers.onRenew(quote)}
        >
          <IconCalendarRepeat size={18} aria-hidden="true" />
        </ActionIcon>
      ) : null}
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={QUOTE_COPY_TEXT.duplicateLabel(vehicle)}
        title={QUOTE_COPY_TEXT.duplicate}
        onClick={() => handlers.onDuplicate(quote)}
      >
        <IconCopy size={18} aria-hidden="true" />
      </ActionIcon>
      {handlers.onReassign ? (
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Reassign ${vehicle}`}
          title="Reassign"
          onClick={() => handlers.onReassign?.(quote)}
        >
          <IconUserShare size={18} aria-hidden="true" />
        </ActionIcon>
      ) : null}
      <ActionIcon
        className="dd-danger-icon"
        variant="subtle"
        color="red"
        size="lg"
        aria-label={`Delete ${vehicle}`}
        title="Delete"
        onClick={() => handlers.onDelete(quote)}
      >
        <IconTrash size={18} aria-hidden="true" />
      </ActionIcon>
    </Group>
  );
}
