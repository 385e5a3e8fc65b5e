import { Button, Text } from "@mantine/core";
import { formatMoney } from "@shared/core/money";
import type { StructureGrids } from "@shared/deal/structure-grid";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { type CellContext, Grid, GridCell } from "./structure-grid";
import classes from "./structures-card.module.css";

// The cash and finance panels of the comparison card (issue #18); the lease's is lease-panel.tsx.

const money = (cents: number) => formatMoney(cents);

/** Cash: what a cash buyer pays (issue #46: the out-the-door price before any down payment). */
export function CashPanel({ grids, context }: { grids: StructureGrids; context: CellContext }) {
  const { cashPrice } = grids;
  const { selection } = context;
  return (
    <div>
      <Text className={classes.bigAmount} data-testid="structure-cash-out-the-door">
        {money(cashPrice.outTheDoor)}
      </Text>
      <Text size="sm" className="dd-secondary-text">
        {STRUCTURES_TEXT.cashPriceCaption}
      </Text>
      {cashPrice.dueToCustomer > 0 ? (
        <Text size="sm" fw={600} data-testid="structure-cash-due-to-customer">
          {STRUCTURES_TEXT.dueToCustomer(money(cashPrice.dueToCustomer))}
        </Text>
      ) : null}
      {context.canChoose ? (
        <Button
          mt="xs"
          size="xs"
          variant={selection.kind === "cash" ? "filled" : "default"}
          aria-pressed={selection.kind === "cash"}
          onClick={() => void context.choose({ structure: "cash" }, selection.downCents)}
        >
          {STRUCTURES_TEXT.chooseCash}
        </Button>
      ) : null}
    </div>
  );
}

/** Finance: the payments by down and term at the selected tier, and the APRs they use. */
export function FinancePanel({
  grids,
  caption,
  context,
}: {
  grids: StructureGrids;
  caption: string;
  context: CellContext;
}) {
  return (
    <>
      <Grid
        caption={caption}
        terms={grids.finance.terms}
        rows={grids.finance.rows.map((row) => ({
          downCents: row.downCents,
          ...(row.own ? { own: true as const } : {}),
          cells: row.cells.map((result) => (
            <GridCell
              key={result.months}
              structure="finance"
              downCents={row.downCents}
              months={result.months}
              monthly={result.payment}
              context={context}
            />
          )),
        }))}
      />
      <Text size="xs" className="dd-secondary-text" mt={4}>
        {STRUCTURES_TEXT.financeAprs}:{" "}
        {grids.finance.rows[0]?.cells
          .map((result) => `${STRUCTURES_TEXT.monthsShort(result.months)} ${result.aprPercent}%`)
          .join(" · ")}
        . {STRUCTURES_TEXT.ratesDisclosure}
      </Text>
    </>
  );
}
