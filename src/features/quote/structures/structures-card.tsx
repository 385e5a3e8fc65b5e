import { Box, Button, Group, Text, Title } from "@mantine/core";
import { CREDIT_TIERS, type StructureKind } from "@shared/core/constants";
import { offeredChoice } from "@shared/deal/offered-choice";
import { selectedStructure } from "@shared/deal/selected-structure";
import { structureGrids } from "@shared/deal/structure-grid";
import type { QuoteData, ShopperChoice } from "@shared/schemas/quote-schema";
import { withStructures } from "@shared/schemas/read-structures";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { useMemo, useState } from "react";
import { LeasePanel } from "./lease-panel";
import type { CellContext } from "./structure-grid";
import { downText } from "./structure-grid";
import { CashPanel, FinancePanel } from "./structure-panels";
import classes from "./structures-card.module.css";

// Issue #18: cash, finance and lease side by side (a phone shows one at a time, picked with the
// buttons above them). Each grid crosses the quote's three cash-down rows with its three terms;
// the shopper taps a cell to choose it (a shopper-writable key the dealer sees live), the
// dealer sees what the customer is looking at. Plain elements: this renders on the shopper's
// phone, inside its JavaScript budget.

interface StructuresCardProps {
  data: QuoteData;
  isDealer: boolean;
  readOnly: boolean;
  /**
   * Issue #46: a pick names a structure and a term; a cell at another down than the deal's also
   * sets the deal's one down payment (`downCents`). Answers whether it was taken.
   */
  onChoose(choice: ShopperChoice, downCents?: number): Promise<boolean> | boolean | undefined;
  /** Dealer only: opens the payment options editor. */
  onEdit?: () => void;
}

export default function StructuresCard({
  data: stored,
  isDealer,
  readOnly,
  onChoose,
  onEdit,
}: StructuresCardProps) {
  const data = useMemo(() => withStructures(stored), [stored]);
  const grids = useMemo(() => structureGrids(data), [data]);
  // Issue #46: the deal itself (the shopper's pick or the dealer's default, at the deal's one down
  // payment): the cell the grid highlights and the words of the header card.
  const selected = useMemo(() => selectedStructure(data), [data]);
  const { selection } = selected;
  // Issue #33: a pick the dealer's grid no longer offers is no pick: the default shows again.
  const choice = offeredChoice(data) ?? undefined;
  const withdrawn = data.shopperChoice !== undefined && choice === undefined;
  const [downNotice, setDownNotice] = useState<string | null>(null);
  // The shopper sees the structures the dealer shows (and lease only with a programme).
  const kinds = (["cash", "finance", "lease"] as const).filter(
    (kind) => isDealer || (!grids.hidden.includes(kind) && (kind !== "lease" || grids.lease !== null)),
  );
  const [shown, setShown] = useState<StructureKind>(() =>
    choice && kinds.includes(choice.structure)
      ? choice.structure
      : ((kinds.includes("finance") ? "finance" : kinds[0]) ?? "cash"),
  );
  const active = kinds.includes(shown) ? shown : (kinds[0] ?? "cash");
  const canChoose = !isDealer && !readOnly;
  const tier = CREDIT_TIERS.find((t) => t.id === data.selectedCreditTier);
  const tierCaption = tier ? `${tier.label} (${tier.minScore}-${tier.maxScore})` : "";
  // Issue #34: the one selected structure, in the words of the sheet's "You are agreeing to" box.
  const chosen = choice ? selected.text : null;
  const choose = async (next: ShopperChoice, downCents: number) => {
    const changesDown = downCents !== selection.downCents;
    const taken = await onChoose(next, changesDown ? downCents : undefined);
    setDownNotice(
      taken !== false && changesDown ? STRUCTURES_TEXT.downChangedByPick(downText(downCents)) : null,
    );
  };

  const context: CellContext = { selection, canChoose, choose };

  return (
    <Box component="section" aria-labelledby="structures-title" mt="xl" data-testid="structures">
      <Group justify="space-between" align="center" mb="sm" gap="xs">
        <Title order={2} id="structures-title" fz="h4">
          {STRUCTURES_TEXT.compareOptions}
        </Title>
        {onEdit ? (
          <Button size="xs" variant="default" onClick={onEdit}>
            {STRUCTURES_TEXT.editPaymentOptions}
          </Button>
        ) : null}
      </Group>
      {withdrawn && !isDealer ? (
        <Text size="sm" mb="sm" role="status" data-testid="options-changed">
          {QUOTE_TEXT.optionsChanged}
        </Text>
      ) : null}
      {chosen ? (
        <Text fw={600} mb="sm" data-testid="customer-choice" aria-live="polite">
          {isDealer ? STRUCTURES_TEXT.customerLookingAt(chosen) : STRUCTURES_TEXT.yourChoice(chosen)}
        </Text>
      ) : null}
      {downNotice && !isDealer ? (
        <Text size="sm" mb="sm" role="status" data-testid="down-changed-by-pick">
          {downNotice}
        </Text>
      ) : null}
      {kinds.length > 1 ? (
        <fieldset className={classes.switcher}>
          <legend className={classes.legend}>{STRUCTURES_TEXT.showStructure}</legend>
          {kinds.map((kind) => (
            <button
              key={kind}
              type="button"
              className={classes.switch}
              aria-pressed={kind === active}
              onClick={() => setShown(kind)}
            >
              {STRUCTURES_TEXT[kind]}
            </button>
          ))}
        </fieldset>
      ) : null}
      <div className={classes.columns}>
        {kinds.map((kind) => (
          <section
            key={kind}
            className={classes.panel}
            data-active={kind === active || undefined}
            aria-labelledby={`structure-${kind}`}
            data-testid={`structure-${kind}`}
          >
            <h3 id={`structure-${kind}`} className={classes.heading}>
              {STRUCTURES_TEXT[kind]}
              {isDealer && grids.hidden.includes(kind) ? (
                <span className={classes.hiddenNote}> · {STRUCTURES_TEXT.hiddenFromShopper}</span>
              ) : null}
            </h3>
            {kind === "cash" ? (
              <CashPanel grids={grids} context={context} />
            ) : kind === "finance" ? (
              <FinancePanel grids={grids} caption={tierCaption} context={context} />
            ) : (
              <LeasePanel
                grids={grids}
                caption={tierCaption}
                context={context}
                taxMethod={data.taxRules?.lease.method ?? "monthly"}
              />
            )}
          </section>
        ))}
      </div>
    </Box>
  );
}
