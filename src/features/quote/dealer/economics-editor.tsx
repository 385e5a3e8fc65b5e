import { Box, Group } from "@mantine/core";
import type { LoanTerm } from "@shared/core/constants";
import type { Economics } from "@shared/deal/economics";
import type { DealEconomics, GrossFigures } from "@shared/deal/gross";
import type { Selection } from "@shared/deal/selected-structure";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { DESK_TEXT } from "@shared/text/solve-text";
import { EconomicsMoney, NumberField } from "./economics-fields";
import { GrossTable } from "./gross-table";

/**
 * Issue #38: the gross and the dealer-private economics it reads (vehicle cost, trade-in ACV, pack,
 * participation, the buy rate or money factor of the selected structure, the add-ons' costs).
 */
export function EconomicsEditor({
  data,
  economics,
  gross,
  selection,
  readOnly,
  saveEconomics,
}: {
  data: QuoteData;
  economics: DealEconomics;
  gross: GrossFigures;
  selection: Selection;
  readOnly: boolean;
  /** Saves the economics; the first refusal's message, if any. */
  saveEconomics(next: Economics): Promise<string | undefined>;
}) {
  const buyRateTerm = selection.kind === "finance" ? (String(selection.months) as `${LoanTerm}`) : null;
  return (
    <Box mb="md">
      <GrossTable gross={gross} />
      <Group grow align="flex-start" mt="sm" wrap="wrap">
        <EconomicsMoney
          label={DESK_TEXT.vehicleCost}
          value={economics.vehicleCost}
          disabled={readOnly}
          testId="vehicle-cost"
          onSave={(vehicleCost) => {
            const { vehicleCost: _drop, ...rest } = economics;
            return saveEconomics(vehicleCost === undefined ? rest : { ...rest, vehicleCost });
          }}
        />
        {data.tradeIn.hasTradeIn ? (
          <EconomicsMoney
            label={DESK_TEXT.tradeInAcv}
            value={economics.tradeInAcv}
            disabled={readOnly}
            testId="trade-in-acv"
            onSave={(tradeInAcv) => {
              const { tradeInAcv: _drop, ...rest } = economics;
              return saveEconomics(tradeInAcv === undefined ? rest : { ...rest, tradeInAcv });
            }}
          />
        ) : null}
        <EconomicsMoney
          label={DESK_TEXT.pack}
          value={economics.pack}
          disabled={readOnly}
          testId="pack"
          onSave={(pack) => saveEconomics({ ...economics, pack: pack ?? 0 })}
        />
        <NumberField
          label={DESK_TEXT.participation}
          value={economics.participation}
          disabled={readOnly}
          testId="participation"
          onSave={(participation) => saveEconomics({ ...economics, participation: participation ?? 0 })}
          description={DESK_TEXT.participationWords(String(economics.participation))}
        />
        {selection.kind === "finance" && buyRateTerm ? (
          <NumberField
            label={DESK_TEXT.buyRate(selection.months)}
            value={economics.buyRates[selection.tier]?.[buyRateTerm]}
            disabled={readOnly}
            testId="buy-rate"
            onSave={(rate) => {
              const row = { ...economics.buyRates[selection.tier] };
              if (rate === undefined) delete row[buyRateTerm];
              else row[buyRateTerm] = rate;
              return saveEconomics({
                ...economics,
                buyRates: { ...economics.buyRates, [selection.tier]: row },
              });
            }}
          />
        ) : null}
        {selection.kind === "lease" ? (
          <NumberField
            label={DESK_TEXT.buyMoneyFactor}
            value={economics.buyMoneyFactors[selection.tier]}
            disabled={readOnly}
            testId="buy-money-factor"
            onSave={(factor) => {
              const factors = { ...economics.buyMoneyFactors };
              if (factor === undefined) delete factors[selection.tier];
              else factors[selection.tier] = factor;
              return saveEconomics({ ...economics, buyMoneyFactors: factors });
            }}
          />
        ) : null}
      </Group>
      {data.addOns.some((addOn) => addOn.isSelected) ? (
        <Group grow align="flex-start" mt="sm" wrap="wrap">
          {data.addOns
            .filter((addOn) => addOn.isSelected)
            .map((addOn) => (
              <EconomicsMoney
                key={addOn.id}
                label={DESK_TEXT.addOnCost(addOn.name)}
                value={economics.addOnCosts.find((line) => line.id === addOn.id)?.cost}
                disabled={readOnly}
                testId={`addon-cost-${addOn.id}`}
                onSave={(cost) => {
                  const others = economics.addOnCosts.filter((line) => line.id !== addOn.id);
                  const addOnCosts = cost === undefined ? others : [...others, { id: addOn.id, cost }];
                  return saveEconomics({ ...economics, addOnCosts });
                }}
              />
            ))}
        </Group>
      ) : null}
    </Box>
  );
}
