// Import from the DMS (issue #37): choose the CSV export, see how its columns map and its first
// rows, with the rows in error listed by line (they are skipped), then Import. The file is read
// by the server both times (a dry run, then the import), so the preview is what gets stored.

import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { formatDollars } from "@shared/core/money";
import { INVENTORY_MSG, INVENTORY_TEXT } from "@shared/inventory/inventory-text";
import type { ImportResult } from "@shared/inventory/vehicle-schema";
import { TEXT } from "@shared/text/page-text";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { useState } from "react";
import { errorText } from "@/lib/api";
import { importCsv } from "./inventory-api";

const T = INVENTORY_TEXT;
const fieldLabel = (field: string) => T.fields[field as keyof typeof T.fields] ?? field;

type Step =
  | { kind: "choose" }
  | { kind: "checking"; progress: number }
  | { kind: "preview"; result: ImportResult }
  | { kind: "importing"; result: ImportResult; progress: number }
  | { kind: "failed"; message: string };

export function ImportDialog({
  opened,
  onClose,
  onImported,
}: {
  opened: boolean;
  onClose(): void;
  onImported(result: ImportResult): void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) {
      setStep({ kind: "choose" });
      return;
    }
    setStep({ kind: "checking", progress: 0 });
    try {
      const result = await importCsv(chosen, true, (progress) => setStep({ kind: "checking", progress }));
      setStep({ kind: "preview", result });
    } catch (error) {
      setStep({ kind: "failed", message: errorText(error, INVENTORY_MSG.importReadFailed) });
    }
  };

  const run = async () => {
    if (!file || step.kind !== "preview") return;
    const preview = step.result;
    setStep({ kind: "importing", result: preview, progress: 0 });
    try {
      const result = await importCsv(file, false, (progress) =>
        setStep({ kind: "importing", result: preview, progress }),
      );
      onImported(result);
    } catch (error) {
      setStep({ kind: "failed", message: errorText(error, INVENTORY_MSG.importFailed) });
    }
  };

  const result = step.kind === "preview" || step.kind === "importing" ? step.result : null;
  const progress = step.kind === "checking" || step.kind === "importing" ? step.progress : null;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={T.importTitle}
      size="xl"
      closeButtonProps={{ "aria-label": TEXT.close }}
    >
      <Stack gap="md">
        <FileInput
          label={T.importChoose}
          aria-describedby="import-file-hint"
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
          clearable
          clearButtonProps={{ "aria-label": T.clearFile }}
          disabled={step.kind === "importing"}
        />
        <Text id="import-file-hint" size="sm" c="var(--dd-text-secondary)" mt={-8}>
          {T.importChooseHint}
        </Text>
        {progress !== null ? (
          <Stack gap={4} data-testid="import-progress">
            <Text size="sm">{step.kind === "importing" ? T.importing : T.importChecking}</Text>
            <Progress
              value={Math.max(5, Math.round(progress * 100))}
              animated={progress >= 1}
              striped
              aria-label={step.kind === "importing" ? T.importing : T.importChecking}
            />
          </Stack>
        ) : null}
        {step.kind === "failed" ? (
          <Alert color="red" role="alert">
            {step.message}
          </Alert>
        ) : null}
        {result ? (
          <>
            <Text fw={600} data-testid="import-summary">
              {T.importSummary(result.created, result.updated, result.unchanged)}
            </Text>
            <Title order={3} fz="h6">
              {T.importMapping}
            </Title>
            <Group gap="xs" data-testid="import-columns">
              {Object.entries(result.columns).map(([header, field]) => (
                <Badge
                  key={header}
                  variant={field ? "filled" : "default"}
                  color={field ? "brand" : undefined}
                  tt="none"
                >
                  {header} → {field ? fieldLabel(field) : T.importIgnored}
                </Badge>
              ))}
            </Group>
            {result.preview && result.preview.length > 0 ? (
              <>
                <Title order={3} fz="h6">
                  {T.importFirstRows}
                </Title>
                <ScrollArea type="auto">
                  <Table striped withTableBorder fz="sm" data-testid="import-preview">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{T.importLineHeader}</Table.Th>
                        <Table.Th>{T.fields.stockNumber}</Table.Th>
                        <Table.Th>{T.columns.vehicle}</Table.Th>
                        <Table.Th>{T.fields.vin}</Table.Th>
                        <Table.Th>{T.fields.condition}</Table.Th>
                        <Table.Th>{T.fields.price}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {result.preview.map((row) => (
                        <Table.Tr key={row.line}>
                          <Table.Td>{row.line}</Table.Td>
                          <Table.Td>{row.stockNumber}</Table.Td>
                          <Table.Td>
                            {[row.year, row.make, row.model, row.trim].filter(Boolean).join(" ")}
                            {(result.warnings ?? [])
                              .filter((warning) => warning.line === row.line)
                              .map((warning) => (
                                <Text
                                  key={warning.field}
                                  size="xs"
                                  c="var(--mantine-color-orange-text)"
                                  data-testid="import-row-warning"
                                >
                                  {warning.message}
                                </Text>
                              ))}
                          </Table.Td>
                          <Table.Td>{row.vin}</Table.Td>
                          <Table.Td>{T.conditionLabels[row.condition]}</Table.Td>
                          <Table.Td>{formatDollars(row.price)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollArea>
              </>
            ) : null}
            {(result.warnings ?? []).length > 0 ? (
              <>
                <Title order={3} fz="h6">
                  {T.importWarnings}
                </Title>
                <ScrollArea.Autosize mah={200} type="auto">
                  <Stack
                    gap={2}
                    component="ul"
                    style={{ margin: 0, paddingInlineStart: "1.25rem" }}
                    data-testid="import-warnings"
                  >
                    {(result.warnings ?? []).map((warning) => (
                      <Text component="li" size="sm" key={`${warning.line}-${warning.field}`}>
                        {T.importLine(warning.line)}: {warning.message}
                      </Text>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </>
            ) : null}
            {result.errors.length > 0 ? (
              <>
                <Title order={3} fz="h6">
                  {T.importErrors}
                </Title>
                <ScrollArea.Autosize mah={200} type="auto">
                  <Stack
                    gap={2}
                    component="ul"
                    style={{ margin: 0, paddingInlineStart: "1.25rem" }}
                    data-testid="import-errors"
                  >
                    {result.errors.map((error) => (
                      <Text component="li" size="sm" key={`${error.line}-${error.field}`}>
                        {T.importRow(error.line, error.stockNumber, error.vin)}: {fieldLabel(error.field)}:{" "}
                        {error.message}
                      </Text>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </>
            ) : null}
          </>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={step.kind === "importing"}>
            {T.cancel}
          </Button>
          <Button
            onClick={() => void run()}
            disabled={step.kind !== "preview" || step.result.created + step.result.updated === 0}
            loading={step.kind === "importing"}
          >
            {T.importButton}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
