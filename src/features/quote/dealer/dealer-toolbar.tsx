import { ActionIcon, Button, Group, Menu } from "@mantine/core";
import { formatQuoteDate } from "@shared/core/format";
import { QUOTE_COPY_TEXT } from "@shared/text/dealer-messages";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import {
  IconCalendarRepeat,
  IconCopy,
  IconDots,
  IconEdit,
  IconHistory,
  IconShare,
  IconTrash,
  IconX,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useNavigate } from "react-router";
import { errorText } from "@/lib/api";
import { notify } from "@/lib/notify";
import type { QuoteDialog } from "../quote-dialogs";
import { duplicateQuote, renewQuote } from "./dealer-api";

interface DealerToolbarProps {
  quoteId: string;
  expired: boolean;
  open(dialog: QuoteDialog): void;
  /** The quote was renewed (issue #14): the page stops showing it as expired. */
  onRenewed(expiresAt: string): void;
}

/**
 * Share, Edit vehicle, Versions, Duplicate, Renew (expired quotes), Delete and close (spec §2,
 * issues #14 and #19): the dealer's, so a chunk the shopper never loads.
 */
export default function DealerToolbar({ quoteId, expired, open, onRenewed }: DealerToolbarProps) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const run = (call: () => Promise<void>) => {
    setBusy(true);
    call().finally(() => setBusy(false));
  };
  // Issue #14: a toast either way, as from a dashboard row.
  const renew = () =>
    run(async () => {
      try {
        const renewed = await renewQuote(quoteId);
        notify(QUOTE_COPY_TEXT.renewed(formatQuoteDate(Date.parse(renewed.expires_at))));
        onRenewed(renewed.expires_at);
      } catch (error) {
        notify(errorText(error, QUOTE_COPY_TEXT.renewFailed), false);
      }
    });
  // The copy opens at once, ready for the new customer's details (Share).
  const duplicate = () =>
    run(async () => {
      try {
        const copy = await duplicateQuote(quoteId);
        notify(QUOTE_COPY_TEXT.duplicated);
        navigate(`/quote/${encodeURIComponent(copy.id)}?view=dealer`);
      } catch (error) {
        notify(errorText(error, QUOTE_COPY_TEXT.duplicateFailed), false);
      }
    });

  const more: { label: string; icon: ReactNode; run(): void; disabled?: boolean; danger?: boolean }[] = [
    {
      label: STRUCTURES_TEXT.versions,
      icon: <IconHistory size={16} aria-hidden="true" />,
      run: () => open({ kind: "versions" }),
    },
    {
      label: QUOTE_COPY_TEXT.duplicate,
      icon: <IconCopy size={16} aria-hidden="true" />,
      run: duplicate,
      disabled: busy,
    },
    ...(expired
      ? [
          {
            label: QUOTE_COPY_TEXT.renew,
            icon: <IconCalendarRepeat size={16} aria-hidden="true" />,
            run: renew,
            disabled: busy,
          },
        ]
      : []),
    {
      label: TEXT.delete,
      icon: <IconTrash size={16} aria-hidden="true" />,
      run: () => open({ kind: "delete" }),
      danger: true,
    },
  ];

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
        {/* Wide screens: every action a button. A phone: the rest in one menu, so the toolbar stays one row. */}
        <Group gap="xs" visibleFrom="sm">
          {more.map((action) => (
            <Button
              key={action.label}
              variant="default"
              color={action.danger ? "red" : undefined}
              leftSection={action.icon}
              onClick={action.run}
              disabled={action.disabled}
            >
              {action.label}
            </Button>
          ))}
        </Group>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="default"
              size={36}
              hiddenFrom="sm"
              aria-label={QUOTE_TEXT.moreActions}
              title={QUOTE_TEXT.moreActions}
            >
              <IconDots size={18} aria-hidden="true" />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {more.map((action) => (
              <Menu.Item
                key={action.label}
                color={action.danger ? "red" : undefined}
                leftSection={action.icon}
                onClick={action.run}
                disabled={action.disabled}
              >
                {action.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
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
