// The per-quote actions of spec §2: edit, copy link, delete. Expired quotes
// keep only delete (spec §4). Clicks stop here so that the row or card under
// them does not open the quote as well.

import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconEdit, IconLink, IconTrash } from "@tabler/icons-react";
import type { KeyboardEvent, MouseEvent } from "react";
import type { DashboardQuote } from "./quote-list-view";

export interface QuoteActionHandlers {
  onEdit(quote: DashboardQuote): void;
  onCopyLink(quote: DashboardQuote): void;
  onDelete(quote: DashboardQuote): void;
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
      <Tooltip label="Edit" withinPortal>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Edit ${vehicle}`}
          disabled={expired}
          onClick={() => handlers.onEdit(quote)}
        >
          <IconEdit size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Copy link" withinPortal>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={`Copy link for ${vehicle}`}
          disabled={expired}
          onClick={() => handlers.onCopyLink(quote)}
        >
          <IconLink size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete" withinPortal>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Delete ${vehicle}`}
          onClick={() => handlers.onDelete(quote)}
        >
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
