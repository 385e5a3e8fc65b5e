import { Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { type ImportReport, IMPORT_REPORT_TEXT as R } from "@shared/inventory/import-report";
import { INVENTORY_TEXT as T } from "@shared/inventory/inventory-text";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { errorText } from "@/lib/api";
import { downloadApiFile } from "@/lib/download-file";
import { notify } from "@/lib/notify";

// Issue #51: the last import's report on the Inventory page, until the next import: its counts,
// the rows it skipped (line, stock number, VIN, reason) and the report as CSV.

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });
const fieldLabel = (field: string) => T.fields[field as keyof typeof T.fields] ?? field;

export function ImportReportPanel({ report, open }: { report: ImportReport; open: boolean }) {
  const [shown, setShown] = useState(open);
  const skipped = report.errors.length > 0;
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid="import-report">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Title order={2} fz="h5">
              {R.title}
            </Title>
            <Text size="sm" className="dd-secondary-text">
              {R.importedAt(when.format(new Date(report.importedAt)))}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {skipped ? (
              <Button variant="subtle" size="xs" onClick={() => setShown((v) => !v)} aria-expanded={shown}>
                {shown ? R.hide : R.show}
              </Button>
            ) : null}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() =>
                downloadApiFile("/inventory/import-report.csv", R.fileName).catch((error: unknown) =>
                  notify(errorText(error, R.downloadFailed), false),
                )
              }
            >
              {R.download}
            </Button>
          </Group>
        </Group>
        <Text size="sm" data-testid="import-report-summary">
          {R.summary(report)}
        </Text>
        {skipped ? (
          shown ? (
            <Table.ScrollContainer minWidth={520} type="native">
              <Table verticalSpacing={4} fz="sm" aria-label={R.title} data-testid="import-report-rows">
                <Table.Thead>
                  <Table.Tr>
                    {R.columns.map((column) => (
                      <Table.Th key={column}>{column}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.errors.map((error) => (
                    <Table.Tr key={`${error.line}-${error.field}`}>
                      <Table.Td>{error.line}</Table.Td>
                      <Table.Td>{error.stockNumber || "—"}</Table.Td>
                      <Table.Td ff="monospace">{error.vin || "—"}</Table.Td>
                      <Table.Td>
                        {fieldLabel(error.field)}: {error.message}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null
        ) : (
          <Text size="sm" className="dd-secondary-text">
            {R.noneSkipped}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
