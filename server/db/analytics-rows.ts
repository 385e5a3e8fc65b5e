import type { AcceptedDeal, StepCountRow } from "@shared/analytics/analytics";
import type { ExportRow } from "./repositories/analytics";

// The rows both backends' analytics statements answer (sqlite/analytics.ts, postgres/analytics.ts,
// their text in queries/analytics.ts; same column aliases, numbers as numbers), shaped for the callers.

export type CountSqlRow = Omit<StepCountRow, "week"> & { week: number };
export type DealSqlRow = Omit<AcceptedDeal, "structure"> & { structure: string | null };

export const toDeal = (row: DealSqlRow): AcceptedDeal => ({
  structure: row.structure as AcceptedDeal["structure"],
  months: row.months,
  downCents: row.downCents,
  outTheDoorCents: row.outTheDoorCents,
});

export type ExportSqlRow = Omit<ExportRow, "accepted"> & {
  acceptedAt: number | null;
  structure: string | null;
  months: number | null;
  downCents: number | null;
  acceptedMonthlyCents: number | null;
};

/** Field by field (no object rest): 50,000 rows of the export go through here. */
export function toExportRow(row: ExportSqlRow): ExportRow {
  return {
    id: row.id,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    salespersonId: row.salespersonId,
    customerName: row.customerName,
    vehicleDescription: row.vehicleDescription,
    stockNumber: row.stockNumber,
    lockedAt: row.lockedAt,
    outTheDoorCents: row.outTheDoorCents,
    selectedStructure: row.selectedStructure,
    monthlyCents: row.monthlyCents,
    grossCents: row.grossCents,
    accepted:
      row.acceptedAt === null
        ? null
        : {
            at: row.acceptedAt,
            structure: row.structure,
            months: row.months,
            downCents: row.downCents,
            monthlyCents: row.acceptedMonthlyCents,
          },
  };
}
