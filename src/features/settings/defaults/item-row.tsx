import { ActionIcon, Box, Group, Paper, Text } from "@mantine/core";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";

interface ItemRowProps {
  id: string;
  name: string;
  detail: string;
  figure: string;
  /** False for a salesperson: the row is shown without its edit and delete icons. */
  editable?: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One default item on display: name, description, amount or rate, and its edit and delete icons. */
export function ItemRow({ id, name, detail, figure, editable = true, onEdit, onDelete }: ItemRowProps) {
  return (
    <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
      <Box miw={0} style={{ flex: 1 }}>
        <Text fw={600} style={{ overflowWrap: "anywhere" }}>
          {name}
        </Text>
        {detail !== "" && (
          <Text size="sm" className="dd-secondary-text" style={{ overflowWrap: "anywhere" }}>
            {detail}
          </Text>
        )}
      </Box>
      <Group gap={4} wrap="nowrap">
        <Text fw={600} mr="xs" style={{ whiteSpace: "nowrap" }}>
          {figure}
        </Text>
        {editable && (
          <>
            <ActionIcon
              id={`edit-${id}`}
              variant="subtle"
              size="lg"
              onClick={onEdit}
              aria-label={`Edit ${name}`}
            >
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
            <ActionIcon
              className="dd-danger-icon"
              variant="subtle"
              color="red"
              size="lg"
              onClick={onDelete}
              aria-label={`Delete ${name}`}
            >
              <IconTrash size={18} aria-hidden="true" />
            </ActionIcon>
          </>
        )}
      </Group>
    </Group>
  );
}

export function ItemPaper({ children }: { children: ReactNode }) {
  return (
    <Paper component="li" withBorder p="sm" radius="sm">
      {children}
    </Paper>
  );
}
