import { Button, Code, Table, Text } from "@mantine/core";
import { type DeliveryAttempt, INTEGRATIONS_TEXT as T } from "@shared/schemas/handoff";
import { useCallback, useEffect, useState } from "react";
import { listDeliveries, resendDelivery } from "./integrations-api";

// Issue #39: one endpoint's delivery log (newest first): time, event, status code, duration,
// attempt and the answer's first 1 KiB, with Resend.

export function DeliveryLog({
  endpointId,
  refreshKey,
  onResent,
}: {
  endpointId: string;
  refreshKey: number;
  onResent(): void;
}) {
  const [rows, setRows] = useState<DeliveryAttempt[] | null>(null);
  const load = useCallback(() => {
    listDeliveries(endpointId)
      .then(setRows)
      .catch(() => setRows([]));
  }, [endpointId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey asks for a reload.
  useEffect(load, [load, refreshKey]);
  useEffect(() => {
    const timer = setInterval(load, 5000);
    return () => clearInterval(timer);
  }, [load]);

  if (rows === null) return null;
  if (rows.length === 0) return <Text size="sm">{T.noDeliveries}</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped fz="sm" aria-label={T.showLog}>
        <Table.Thead>
          <Table.Tr>
            {T.logColumns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid="delivery-row">
              <Table.Td>{new Date(row.at).toLocaleString()}</Table.Td>
              <Table.Td>{row.event}</Table.Td>
              <Table.Td>{row.statusCode ?? T.noAnswer}</Table.Td>
              <Table.Td>{row.durationMs} ms</Table.Td>
              <Table.Td>{row.attempt}</Table.Td>
              <Table.Td maw={320}>
                <Code block style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", maxHeight: 96 }}>
                  {row.response}
                </Code>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => resendDelivery(row.deliveryId).then(onResent).then(load).catch(load)}
                >
                  {T.resend}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
