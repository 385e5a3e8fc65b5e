// The per-quote actions of spec §2: edit, copy link, delete (and the desk log's reassign); issue #14
// adds duplicate (for another shopper) and, on expired quotes, renew. Expired quotes lose edit and
// copy link (spec §4). Clicks stop here so that the row or card under them does not open the quote.

import { ActionIcon, Group } from "@mantine/core";
import { QUOTE_COPY_TEXT } from "@shared/text/dealer-messages";
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
  const actions: {
    label: string;
    title: string;
    icon: typeof IconEdit;
    run?: (quote: DashboardQuote) => void;
    disabled?: boolean;
    danger?: boolean;
  }[] = [
    { label: `Edit ${vehicle}`, title: "Edit", icon: IconEdit, run: handlers.onEdit, disabled: expired },
    {
      label: `Copy link for ${vehicle}`,
      title: "Copy link",
      icon: IconLink,
      run: handlers.onCopyLink,
      disabled: expired,
    },
    // Issue #14: an expired quote is renewed from its row.
    ...(expired
      ? [
          {
            label: QUOTE_COPY_TEXT.renewLabel(vehicle),
            title: QUOTE_COPY_TEXT.renew,
            icon: IconCalendarRepeat,
            run: handlers.onRenew,
          },
        ]
      : []),
    {
      label: QUOTE_COPY_TEXT.duplicateLabel(vehicle),
      title: QUOTE_COPY_TEXT.duplicate,
      icon: IconCopy,
      run: handlers.onDuplicate,
    },
    ...(handlers.onReassign
      ? [{ label: `Reassign ${vehicle}`, title: "Reassign", icon: IconUserShare, run: handlers.onReassign }]
      : []),
    { label: `Delete ${vehicle}`, title: "Delete", icon: IconTrash, run: handlers.onDelete, danger: true },
  ];
  return (
    // Key presses on the buttons must not reach the row's Enter handler either.
    <Group gap={4} wrap="nowrap" justify="flex-end" onClick={stop} onKeyDown={stop}>
      {actions.map((action) => (
        <ActionIcon
          key={action.title}
          className={action.danger ? "dd-danger-icon" : undefined}
          variant="subtle"
          color={action.danger ? "red" : undefined}
          size="lg"
          aria-label={action.label}
          title={action.title}
          disabled={action.disabled}
          onClick={() => action.run?.(quote)}
        >
          <action.icon size={18} aria-hidden="true" />
        </ActionIcon>
      ))}
    </Group>
  );
}
