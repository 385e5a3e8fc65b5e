// /inventory (issue #37): the dealership's stock. Search (stock number, VIN, make, model, trim),
// a status filter, sortable columns on wide screens and cards on a phone, Create quote on each
// vehicle; owners and managers add, edit, import, mark sold and delete (a salesperson reads the
// stock without its cost).

import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { formatDollars } from "@shared/core/money";
import type { ImportReport } from "@shared/inventory/import-report";
import {
  INVENTORY_MSG,
  INVENTORY_TEXT,
  STATUS_LABELS,
  STOCK_STATUSES,
  type StockStatus,
  stockVehicleDescription,
} from "@shared/inventory/inventory-text";
import type { InventoryVehicle } from "@shared/inventory/vehicle-schema";
import { mayWriteInventory } from "@shared/rules/permissions";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import {
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconDots,
  IconFileImport,
  IconPlus,
  IconSearch,
} from "@tabler/icons-react";
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { PageContainer } from "@/components/page-container";
import { errorText } from "@/lib/api";
import { notify } from "@/lib/notify";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { ImportDialog } from "./import-dialog";
import { ImportReportPanel } from "./import-report-panel";
import {
  deleteVehicle,
  lastImportReport,
  listInventory,
  markVehicleSold,
  quoteFromStock,
} from "./inventory-api";
import {
  DEFAULT_INVENTORY_SORT,
  type InventoryColumn,
  type InventorySort,
  nextInventorySort,
  sortVehicles,
} from "./inventory-sort";
import { VehicleDialog } from "./vehicle-dialog";

const T = INVENTORY_TEXT;
/** A table of thousands of rows is no use to anyone: the search narrows it. */
const SHOWN_MAX = 200;

// Filled and dark enough for white text at badge size in both schemes (4.5:1 or more).
const STATUS_COLORS: Record<StockStatus, string> = {
  available: "#1e6b30",
  pending: "#8a4b00",
  sold: "#495057",
};

function StatusBadge({ status }: { status: StockStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" data-testid="vehicle-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

type Load =
  | { kind: "loading" }
  | { kind: "ready"; vehicles: InventoryVehicle[] }
  | { kind: "failed"; message: string };

const COLUMN_LABELS: Record<InventoryColumn, string> = {
  stockNumber: T.columns.stockNumber,
  vehicle: T.columns.vehicle,
  mileage: T.columns.mileage,
  price: T.columns.price,
  status: T.columns.status,
  quotes: T.columns.quotes,
};

function SortHeader({
  column,
  sort,
  onSort,
  right,
}: {
  column: InventoryColumn;
  sort: InventorySort;
  onSort(column: InventoryColumn): void;
  right?: boolean;
}) {
  const active = sort.column === column;
  const Arrow = !active ? IconArrowsSort : sort.direction === "asc" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      ta={right ? "right" : undefined}
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
    >
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="inherit">
        <Group gap={4} wrap="nowrap" justify={right ? "flex-end" : undefined}>
          <span>{COLUMN_LABELS[column]}</span>
          <Arrow size={14} aria-hidden="true" opacity={active ? 1 : 0.45} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

type Actions = {
  writer: boolean;
  onQuote(vehicle: InventoryVehicle): void;
  onEdit(vehicle: InventoryVehicle): void;
  onSold(vehicle: InventoryVehicle): void;
  onDelete(vehicle: InventoryVehicle): void;
};

function VehicleActions({ vehicle, actions }: { vehicle: InventoryVehicle; actions: Actions }) {
  const label = `${vehicle.stockNumber} ${stockVehicleDescription(vehicle)}`;
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        onClick={() => actions.onQuote(vehicle)}
        disabled={vehicle.status === "sold"}
        aria-label={`${T.createQuote}: ${label}`}
      >
        {T.createQuote}
      </Button>
      {actions.writer ? (
        <Menu position="bottom-end" withArrow>
          <Menu.Target>
            <Button size="compact-sm" variant="default" aria-label={T.actionsFor(label)}>
              <IconDots size={16} aria-hidden="true" />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => actions.onEdit(vehicle)}>{T.editVehicle}</Menu.Item>
            <Menu.Item onClick={() => actions.onSold(vehicle)} disabled={vehicle.status === "sold"}>
              {T.markSold}
            </Menu.Item>
            <Menu.Item color="red" onClick={() => actions.onDelete(vehicle)}>
              {T.delete}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}

export default function InventoryPage() {
  const { user } = useSession();
  const writer = user ? mayWriteInventory(user) : false;
  const navigate = useNavigate();
  usePageTitle(T.title);
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });

  const [query, setQuery] = useState("");
  const deferredQuery = useDeferredValue(query);
  const [status, setStatus] = useState<StockStatus | "">("");
  const [sort, setSort] = useState<InventorySort>(DEFAULT_INVENTORY_SORT);
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [reloads, setReloads] = useState(0);
  const [editing, setEditing] = useState<InventoryVehicle | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  // The last import's report (#51), opened at once when this visit made the import.
  const [report, setReport] = useState<{ report: ImportReport; fresh: boolean } | null>(null);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const loadReport = useCallback(
    (fresh: boolean) => {
      if (!writer) return;
      lastImportReport()
        .then((found) => setReport(found ? { report: found, fresh } : null))
        .catch(() => setReport(null));
    },
    [writer],
  );
  useEffect(() => loadReport(false), [loadReport]);

  useEffect(() => {
    const controller = new AbortController();
    void reloads;
    listInventory({ status, q: deferredQuery }, controller.signal)
      .then((vehicles) => setLoad({ kind: "ready", vehicles }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ kind: "failed", message: errorText(error, INVENTORY_MSG.loadFailed) });
      });
    return () => controller.abort();
  }, [status, deferredQuery, reloads]);

  const vehicles = load.kind === "ready" ? load.vehicles : [];
  const sorted = useMemo(() => sortVehicles(vehicles, sort), [vehicles, sort]);
  const shown = sorted.slice(0, SHOWN_MAX);
  const filtering = deferredQuery.trim() !== "" || status !== "";

  const actions: Actions = {
    writer,
    onQuote: (vehicle) => {
      quoteFromStock(vehicle.id)
        .then(({ id }) => navigate(`/quote/${encodeURIComponent(id)}?view=dealer`))
        .catch((error: unknown) => notify(errorText(error, MSG.createQuoteFailed), false));
    },
    onEdit: (vehicle) => setEditing(vehicle),
    onSold: (vehicle) => {
      markVehicleSold(vehicle.id)
        .then(() => {
          notify(INVENTORY_MSG.vehicleMarkedSold);
          reload();
        })
        .catch((error: unknown) => notify(errorText(error, INVENTORY_MSG.saveFailed), false));
    },
    onDelete: (vehicle) => {
      if (!window.confirm(T.deleteConfirm(`${vehicle.stockNumber} ${stockVehicleDescription(vehicle)}`)))
        return;
      deleteVehicle(vehicle.id)
        .then((kept) => {
          notify(kept ? INVENTORY_MSG.vehicleMarkedSold : INVENTORY_MSG.vehicleDeleted);
          reload();
        })
        .catch((error: unknown) => notify(errorText(error, INVENTORY_MSG.saveFailed), false));
    },
  };

  const importButton = (label: string, variant: "filled" | "default" = "default") => (
    <Button
      variant={variant}
      leftSection={<IconFileImport size={18} aria-hidden="true" />}
      onClick={() => setImporting(true)}
    >
      {label}
    </Button>
  );

  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Title order={1}>{T.title}</Title>
          {writer ? (
            <Group gap="sm">
              {importButton(T.importCsv)}
              <Button
                leftSection={<IconPlus size={18} aria-hidden="true" />}
                onClick={() => setEditing(null)}
              >
                {T.addVehicle}
              </Button>
            </Group>
          ) : null}
        </Group>
        {report ? (
          <ImportReportPanel key={report.report.importedAt} report={report.report} open={report.fresh} />
        ) : null}
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="md">
            <Group gap="sm" align="center" wrap="wrap">
              <TextInput
                type="search"
                value={query}
                onChange={(event) => setQuery(event.currentTarget.value)}
                placeholder={T.searchPlaceholder}
                aria-label={T.searchPlaceholder}
                leftSection={<IconSearch size={16} aria-hidden="true" />}
                style={{ flex: "1 1 16rem" }}
              />
              <SegmentedControl
                aria-label={T.statusFilter}
                value={status || "all"}
                onChange={(value) => setStatus(value === "all" ? "" : (value as StockStatus))}
                data={[
                  { value: "all", label: T.allStatuses },
                  ...STOCK_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
                ]}
              />
            </Group>
            {load.kind === "loading" ? <Text c="var(--dd-text-secondary)">{T.loading}</Text> : null}
            {load.kind === "failed" ? (
              <Alert color="red" role="alert">
                <Group justify="space-between">
                  <span>{load.message}</span>
                  <Button size="compact-sm" variant="white" onClick={reload}>
                    {TEXT.tryAgain}
                  </Button>
                </Group>
              </Alert>
            ) : null}
            {load.kind === "ready" && vehicles.length === 0 ? (
              filtering ? (
                <Text c="var(--dd-text-secondary)">{T.noMatch}</Text>
              ) : (
                <Stack align="center" gap="sm" py="lg" data-testid="inventory-empty">
                  <Text fw={600}>{T.empty}</Text>
                  <Text c="var(--dd-text-secondary)" ta="center">
                    {T.emptyHint}
                  </Text>
                  {writer ? importButton(T.importFromDms, "filled") : null}
                </Stack>
              )
            ) : null}
            {shown.length > 0 && wide ? (
              <Table highlightOnHover verticalSpacing="sm" data-testid="inventory-table">
                <Table.Thead>
                  <Table.Tr>
                    <SortHeader
                      column="stockNumber"
                      sort={sort}
                      onSort={(c) => setSort(nextInventorySort(sort, c))}
                    />
                    <SortHeader
                      column="vehicle"
                      sort={sort}
                      onSort={(c) => setSort(nextInventorySort(sort, c))}
                    />
                    <SortHeader
                      column="mileage"
                      sort={sort}
                      onSort={(c) => setSort(nextInventorySort(sort, c))}
                      right
                    />
                    <SortHeader
                      column="price"
                      sort={sort}
                      onSort={(c) => setSort(nextInventorySort(sort, c))}
                      right
                    />
                    {writer ? <Table.Th ta="right">{T.columns.cost}</Table.Th> : null}
                    <SortHeader
                      column="status"
                      sort={sort}
                      onSort={(c) => setSort(nextInventorySort(sort, c))}
                    />
                    <SortHeader
                      column="quotes"
                      sort={sort}
                      onSort={(c) => setSort(nextInventorySort(sort, c))}
                      right
                    />
                    <Table.Th ta="right">{T.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((vehicle) => (
                    <Table.Tr key={vehicle.id} data-testid="vehicle-row">
                      <Table.Td fw={600}>{vehicle.stockNumber}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {stockVehicleDescription(vehicle)}
                        </Text>
                        <Text size="xs" c="var(--dd-text-secondary)">
                          {[T.conditionLabels[vehicle.condition], vehicle.color, vehicle.vin]
                            .filter(Boolean)
                            .join(" · ")}
                        </Text>
                      </Table.Td>
                      <Table.Td ta="right">{vehicle.mileage.toLocaleString("en-US")}</Table.Td>
                      <Table.Td ta="right">{formatDollars(vehicle.price)}</Table.Td>
                      {writer ? (
                        <Table.Td ta="right">
                          {vehicle.cost === null || vehicle.cost === undefined
                            ? "—"
                            : formatDollars(vehicle.cost)}
                        </Table.Td>
                      ) : null}
                      <Table.Td>
                        <StatusBadge status={vehicle.status} />
                      </Table.Td>
                      <Table.Td ta="right">{vehicle.quoteCount}</Table.Td>
                      <Table.Td>
                        <VehicleActions vehicle={vehicle} actions={actions} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
            {shown.length > 0 && !wide ? (
              <Stack gap="sm" data-testid="inventory-cards">
                {shown.map((vehicle) => (
                  <Card key={vehicle.id} withBorder radius="md" padding="sm" data-testid="vehicle-card">
                    <Stack gap={6}>
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <div style={{ minWidth: 0 }}>
                          <Text fw={700}>{stockVehicleDescription(vehicle)}</Text>
                          <Text size="sm" c="var(--dd-text-secondary)">
                            {T.columns.stockNumber} {vehicle.stockNumber} ·{" "}
                            {vehicle.mileage.toLocaleString("en-US")} mi
                          </Text>
                        </div>
                        <StatusBadge status={vehicle.status} />
                      </Group>
                      <Group justify="space-between" wrap="nowrap">
                        <Text fw={600}>{formatDollars(vehicle.price)}</Text>
                        <Text size="sm" c="var(--dd-text-secondary)">
                          {T.quoteCount(vehicle.quoteCount)}
                        </Text>
                      </Group>
                      <VehicleActions vehicle={vehicle} actions={actions} />
                    </Stack>
                  </Card>
                ))}
              </Stack>
            ) : null}
            {sorted.length > SHOWN_MAX ? (
              <Text size="sm" c="var(--dd-text-secondary)">
                {T.showing(SHOWN_MAX, sorted.length)}
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
      {editing !== undefined ? (
        <VehicleDialog
          key={editing?.id ?? "new"}
          vehicle={editing}
          opened
          onClose={() => setEditing(undefined)}
          onSaved={(vehicle) => {
            notify(editing ? INVENTORY_MSG.vehicleUpdated : INVENTORY_MSG.vehicleCreated);
            setEditing(undefined);
            if (vehicle) reload();
          }}
        />
      ) : null}
      {importing ? (
        <ImportDialog
          opened
          onClose={() => setImporting(false)}
          onImported={(result) => {
            setImporting(false);
            notify(
              T.imported(
                result.created,
                result.updated,
                result.unchanged,
                new Set(result.errors.map((error) => error.line)).size,
              ),
            );
            reload();
            loadReport(true);
          }}
        />
      ) : null}
    </PageContainer>
  );
}
