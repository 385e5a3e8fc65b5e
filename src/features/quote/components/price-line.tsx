import { Box, Group, Text, UnstyledButton } from "@mantine/core";
import { QUOTE_TEXT } from "@shared/messages";
import { formatMoney } from "@shared/money";
import { type ReactNode, useId, useState } from "react";
import classes from "./price-line.module.css";

export interface PriceLineProps {
  /** Stable name for tests: data-testid="line-<id>". */
  id: string;
  label: string;
  /** Cents. */
  amount: number;
  note?: ReactNode;
  sublabel?: ReactNode;
  /** Opens the line's dialog; without it the line is plain text. */
  onOpen?: () => void;
  /** Shown faded (the amount owed without a trade-in). */
  dimmed?: boolean;
  /** Totals read bold. */
  strong?: boolean;
  /** The expandable detail under the line. */
  details?: ReactNode;
}

/** One line of the deal: label (with note and sub-label) on the left, the amount on the right. */
export function PriceLine({
  id,
  label,
  amount,
  note,
  sublabel,
  onOpen,
  dimmed,
  strong,
  details,
}: PriceLineProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const content = (
    <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start" w="100%">
      <Box miw={0}>
        <Text component="span" fw={strong ? 700 : 500} className={onOpen ? classes.linkLabel : undefined}>
          {label}
        </Text>
        {note ? (
          <Text
            component="span"
            size="sm"
            ml={6}
            className="dd-secondary-text"
            data-testid={`line-${id}-note`}
          >
            {note}
          </Text>
        ) : null}
        {sublabel ? (
          <Text size="sm" className="dd-secondary-text" data-testid={`line-${id}-sublabel`}>
            {sublabel}
          </Text>
        ) : null}
      </Box>
      <Text
        component="span"
        fw={strong ? 700 : 500}
        style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}
        data-testid={`line-${id}-value`}
      >
        {formatMoney(amount)}
      </Text>
    </Group>
  );

  return (
    <Box
      className={classes.line}
      data-testid={`line-${id}`}
      data-dimmed={dimmed || undefined}
      data-strong={strong || undefined}
    >
      <Group wrap="nowrap" gap={4} align="flex-start">
        {onOpen ? (
          <UnstyledButton onClick={onOpen} className={classes.button} aria-haspopup="dialog">
            {content}
          </UnstyledButton>
        ) : (
          <Box className={classes.plain}>{content}</Box>
        )}
        {details ? (
          <UnstyledButton
            className={classes.toggle}
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={expanded ? detailsId : undefined}
            aria-label={expanded ? QUOTE_TEXT.hideDetails(label) : QUOTE_TEXT.showDetails(label)}
          >
            {/* Inline, so the shopper's page needs no icon library. */}
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              style={{ transform: expanded ? "rotate(180deg)" : undefined, transition: "transform 150ms" }}
            >
              <path d="M6 9l6 6 6-6" />
            </svg>
          </UnstyledButton>
        ) : (
          <Box className={classes.toggleSpace} aria-hidden="true" />
        )}
      </Group>
      {details && expanded ? (
        <Box className={classes.details} id={detailsId}>
          {details}
        </Box>
      ) : null}
    </Box>
  );
}

/** A row inside an expanded detail: name on the left, amount on the right. */
export function DetailRow({ name, amount, retail }: { name: ReactNode; amount: number; retail?: number }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="sm" miw={0}>
        {name}
      </Text>
      <Text size="sm" style={{ whiteSpace: "nowrap" }}>
        {retail !== undefined ? (
          <Text component="s" size="sm" className="dd-secondary-text" mr={6}>
            {formatMoney(retail)}
          </Text>
        ) : null}
        {formatMoney(amount)}
      </Text>
    </Group>
  );
}
