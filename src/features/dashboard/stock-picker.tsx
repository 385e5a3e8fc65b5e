// "From stock" on Create New Quote (issue #37): search the dealership's stock by stock number,
// VIN or model and make the quote from a vehicle in one click (vehicle, new or used, MSRP and
// price come from stock; the server copies them).

import { Button, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { formatDollars } from "@shared/core/money";
import {
  INVENTORY_MSG,
  INVENTORY_TEXT,
  STATUS_LABELS,
  stockVehicleDescription,
} from "@shared/inventory/inventory-text";
import type { InventoryVehicle } from "@shared/inventory/vehicle-schema";
import { MSG } from "@shared/text/messages";
import { IconSearch } from "@tabler/icons-react";
import { useDeferredValue, useEffect, useState } from "react";
import { errorText } from "@/lib/api";
import { createQuoteFromStock, searchStock } from "./stock-api";

const T = INVENTORY_TEXT;
const SHOWN = 20;

export function StockPicker({ onCreated }: { onCreated(id: string): void }) {
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const [vehicles, setVehicles] = useState<InventoryVehicle[] | null>(null);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    searchStock(deferred, controller.signal)
      .then((list) => setVehicles(list.filter((v) => v.status !== "sold")))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailure(errorText(error, INVENTORY_MSG.loadFailed));
      });
    return () => controller.abort();
  }, [deferred]);

  const create = async (vehicle: InventoryVehicle) => {
    setBusy(vehicle.id);
    setFailure("");
    try {
      const { id } = await createQuoteFromStock(vehicle.id);
      onCreated(id);
    } catch (error) {
      setFailure(errorText(error, MSG.createQuoteFailed));
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm" data-testid="stock-picker">
      <TextInput
        type="search"
        label={T.fromStockSearch}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        data-autofocus
      />
      {failure ? (
        <Text c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
      {vehicles !== null && vehicles.length === 0 ? (
        <Text c="var(--dd-text-secondary)">{T.fromStockNone}</Text>
      ) : null}
      {(vehicles ?? []).slice(0, SHOWN).map((vehicle) => (
        <Paper key={vehicle.id} withBorder radius="sm" p="sm" data-testid="stock-choice">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{stockVehicleDescription(vehicle)}</Text>
              <Text size="sm" c="var(--dd-text-secondary)">
                {T.columns.stockNumber} {vehicle.stockNumber}
                {vehicle.vin ? ` · ${vehicle.vin}` : ""} · {formatDollars(vehicle.price)}
                {vehicle.status === "available" ? "" : ` · ${STATUS_LABELS[vehicle.status]}`}
              </Text>
            </div>
            <Button
              size="compact-md"
              loading={busy === vehicle.id}
              disabled={busy !== null && busy !== vehicle.id}
              onClick={() => void create(vehicle)}
              aria-label={`${T.createQuote}: ${vehicle.stockNumber} ${stockVehicleDescription(vehicle)}`}
            >
              {T.createQuote}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
