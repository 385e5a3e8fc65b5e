import {
  Box,
  Button,
  Group,
  NativeSelect,
  SegmentedControl,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { LoanTerm } from "@shared/constants";
import { dealGross, type GrossFigures } from "@shared/deal/gross";
import { appliedAnswer, type QuoteSolveAnswer, solveQuote } from "@shared/deal/quote-solve";
import { selectedStructure } from "@shared/deal/selected-structure";
import { SOLVE_ROUNDING_CENTS, type SolveFor, type SolveStructure } from "@shared/deal/solve";
import { type Economics, readEconomics } from "@shared/economics";
import { amountToInput, parseAmountInput } from "@shared/format";
import { MSG } from "@shared/messages";
import { formatMoney, toCents } from "@shared/money";
import type { QuoteData } from "@shared/quote-schema";
import { DESK_TEXT } from "@shared/solve-text";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { Notice } from "@/components/notice";
import type { UpdateResult } from "../live/field-adapter";
import type { LiveQuoteState } from "../live/use-live-quote";

// Issue #38, dealer only (a chunk the shopper's page never loads): the deal's gross for its
// selected structure, the dealer-private economics it reads (the economics document, which only a
// member who sees gross receives), and "Solve
// for" a target payment, applied as a normal live edit (in the history).

export interface SolvePrefill {
  amount: number;
  structure: SolveStructure;
  /** Bumped for each prefill, so the same request prefills again. */
  seq: number;
}

export interface DeskPanelProps {
  data: QuoteData;
  /** The economics document as stored (null until it arrived, and for a member who does not see gross). */
  economicsRaw: Record<string, unknown> | null;
  /** Owners and managers; salespeople when the owner turned "Salespeople see gross" on. */
  showGross: boolean;
  readOnly: boolean;
  update: LiveQuoteState["update"];
  prefill: SolvePrefill | null;
}

const money = (cents: number | null) => (cents === null ? DESK_TEXT.costUnknown : formatMoney(cents));

function GrossTable({ gross }: { gross: GrossFigures }) {
  // Issue #49: the over-allowance, the fees counted as gross and a buy-down show as their own lines.
  const rows: [string, number | null, string][] = [
    [DESK_TEXT.front, gross.front, "gross-front"],
    ...(gross.tradeOverAllowance === 0
      ? []
      : ([
          [
            gross.tradeOverAllowance > 0 ? DESK_TEXT.tradeOverAllowance : DESK_TEXT.tradeUnderAllowance,
            -gross.tradeOverAllowance,
            "gross-over-allowance",
          ],
        ] as [string, number, string][])),
    ...(gross.feesInGross === 0
      ? []
      : ([[DESK_TEXT.feesInGross, gross.feesInGross, "gross-fees"]] as [string, number, string][])),
    [DESK_TEXT.addOns, gross.addOns, "gross-addons"],
    [DESK_TEXT.reserve, gross.reserve, "gross-reserve"],
    ...(gross.rateBuyDown === 0
      ? []
      : ([[DESK_TEXT.rateBuyDown, gross.rateBuyDown, "gross-buy-down"]] as [string, number, string][])),
    [DESK_TEXT.back, gross.back, "gross-back"],
    [DESK_TEXT.total, gross.total, "gross-total"],
  ];
  const detail = new Set(["gross-over-allowance", "gross-fees", "gross-buy-down"]);
  return (
    <Table withRowBorders={false} verticalSpacing={4} data-testid="gross-table">
      <Table.Tbody>
        {rows.map(([label, cents, id]) => (
          <Table.Tr key={id}>
            <Table.Th
              scope="row"
              fw={id === "gross-total" ? 700 : 500}
              pl={detail.has(id) ? "md" : undefined}
            >
              {label}
            </Table.Th>
            <Table.Td ta="right" data-testid={id} fw={id === "gross-total" ? 700 : undefined}>
              {money(cents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A money field of the economics, saved when left (a live edit of the private document). */
function EconomicsMoney({
  label,
  value,
  onSave,
  disabled,
  testId,
}: {
  label: string;
  value: number | undefined;
  onSave(dollars: number | undefined): Promise<string | undefined>;
  disabled: boolean;
  testId: string;
}) {
  const shown = value === undefined ? "" : amountToInput(value);
  const [raw, setRaw] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  // A remote edit shows while this field is not being typed in.
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) setRaw(shown);
  }, [shown, typing]);
  return (
    <MoneyInput
      label={label}
      value={raw}
      disabled={disabled}
      error={error}
      onChange={(next, how) => {
        setRaw(next);
        if (how === "typed") setTyping(true);
      }}
      onBlur={async () => {
        setTyping(false);
        const dollars = raw.trim() === "" ? undefined : parseAmountInput(raw);
        if (dollars === value) return;
        setError(await onSave(dollars));
      }}
      data-testid={testId}
    />
  );
}

function NumberField({
  label,
  value,
  onSave,
  disabled,
  testId,
  description,
}: {
  label: string;
  description?: string;
  value: number | undefined;
  onSave(value: number | undefined): Promise<string | undefined>;
  disabled: boolean;
  testId: string;
}) {
  const shown = value === undefined ? "" : String(value);
  const [raw, setRaw] = useState(shown);
  const [error, setError] = useState<string | undefined>();
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    if (!typing) setRaw(shown);
  }, [shown, typing]);
  return (
    <TextInput
      label={label}
      description={description}
      inputMode="decimal"
      autoComplete="off"
      value={raw}
      disabled={disabled}
      error={error}
      onChange={(event) => {
        setRaw(event.currentTarget.value);
        setTyping(true);
      }}
      onBlur={async () => {
        setTyping(false);
        const text = raw.trim();
        const next = text === "" ? undefined : Number(text);
        if (next === value) return;
        setError(await onSave(next !== undefined && Number.isFinite(next) ? next : Number.NaN));
      }}
      data-testid={testId}
    />
  );
}

const firstError = (result: UpdateResult) => (result.ok ? undefined : result.errors[0]?.message);

export default function DeskPanel({
  data,
  economicsRaw,
  showGross,
  readOnly,
  update,
  prefill,
}: DeskPanelProps) {
  const economics = useMemo(() => readEconomics(economicsRaw?.economics), [economicsRaw]);
  const selected = useMemo(() => selectedStructure(data), [data]);
  const gross = useMemo(() => dealGross(data, economics), [data, economics]);

  const saveEconomics = async (next: Economics) => firstError(await update("economics", next));
  const selection = selected.selection;
  const buyRateTerm = selection.kind === "finance" ? (String(selection.months) as `${LoanTerm}`) : null;

  const [target, setTarget] = useState("");
  const [structure, setStructure] = useState<SolveStructure>("finance");
  const [solveFor, setSolveFor] = useState<SolveFor>("sellingPrice");
  const [stepCents, setStepCents] = useState<number>(1);
  const [answer, setAnswer] = useState<QuoteSolveAnswer | null>(null);
  const [applyError, setApplyError] = useState<string | undefined>();
  const [applied, setApplied] = useState(false);

  useEffect(() => {
    if (!prefill) return;
    setTarget(amountToInput(prefill.amount));
    setStructure(prefill.structure);
    setSolveFor("sellingPrice");
    setAnswer(null);
    setApplied(false);
  }, [prefill]);

  const solve = (event: FormEvent) => {
    event.preventDefault();
    setApplied(false);
    setApplyError(undefined);
    const cents = toCents(parseAmountInput(target));
    if (!(cents > 0)) {
      setAnswer({ ok: false, message: MSG.monthlyPaymentRequired });
      return;
    }
    setAnswer(solveQuote(data, structure, solveFor, cents, DESK_TEXT.noLease, stepCents));
  };

  const answerGross = useMemo(() => {
    if (!answer?.ok || !showGross) return null;
    const next = { ...data, ...appliedAnswer(data, answer) } as QuoteData;
    return dealGross(next, economics).total;
  }, [answer, data, economics, showGross]);

  const apply = async () => {
    if (!answer?.ok) return;
    const changes = appliedAnswer(data, answer);
    for (const [field, value] of Object.entries(changes)) {
      const result = await update(field as keyof typeof changes, value as never);
      if (!result.ok) {
        setApplyError(result.errors[0]?.message);
        return;
      }
    }
    setApplied(true);
  };

  const advertisedCents = toCents(data.pricing.advertisedPrice);
  const answerText = (() => {
    if (!answer?.ok) return null;
    const what = DESK_TEXT.solveForOptions[answer.solveFor];
    const value = answer.solveFor === "months" ? `${answer.value} mo` : formatMoney(answer.value);
    return DESK_TEXT.answer(what, value, formatMoney(answer.payment));
  })();

  return (
    <Box component="section" aria-labelledby="desk-title" mt="xl" data-testid="desk-panel">
      <Title order={2} id="desk-title" fz="h4" mb="sm">
        {DESK_TEXT.title}
      </Title>
      {showGross ? (
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
      ) : null}

      <Title order={3} fz="h5" mb="xs" id="solve-title">
        {DESK_TEXT.solveTitle}
      </Title>
      <form onSubmit={solve} aria-labelledby="solve-title" noValidate>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <MoneyInput
            label={DESK_TEXT.targetPayment}
            value={target}
            onChange={(value) => setTarget(value)}
            data-testid="solve-target"
            w={160}
          />
          <Box>
            <Text component="span" size="sm" fw={500} display="block" mb={4} id="solve-structure-label">
              {DESK_TEXT.structure}
            </Text>
            <SegmentedControl
              aria-labelledby="solve-structure-label"
              value={structure}
              onChange={(value) => setStructure(value as SolveStructure)}
              data={[
                { value: "finance", label: DESK_TEXT.structureNames.finance },
                { value: "lease", label: DESK_TEXT.structureNames.lease },
              ]}
              data-testid="solve-structure"
            />
          </Box>
          <NativeSelect
            label={DESK_TEXT.solveFor}
            value={solveFor}
            onChange={(event) => setSolveFor(event.currentTarget.value as SolveFor)}
            data={(["sellingPrice", "downPayment", "months"] as const).map((value) => ({
              value,
              label: DESK_TEXT.solveForOptions[value],
            }))}
            data-testid="solve-for"
          />
          <NativeSelect
            label={DESK_TEXT.roundTo}
            value={String(stepCents)}
            onChange={(event) => setStepCents(Number(event.currentTarget.value))}
            data={SOLVE_ROUNDING_CENTS.map((step) => ({
              value: String(step),
              label: DESK_TEXT.roundings[step] ?? "",
            }))}
            data-testid="solve-round-to"
          />
          <Button type="submit" data-testid="solve-button">
            {DESK_TEXT.solve}
          </Button>
        </Group>
      </form>
      {answer ? (
        answer.ok ? (
          <Box mt="sm" data-testid="solve-answer" role="status">
            <Text fw={600}>{answerText}</Text>
            <Text size="sm" data-testid="solve-held-fixed">
              {DESK_TEXT.heldFixed(answer.heldFixed)}
            </Text>
            {answerGross !== null && answerGross < 0 ? (
              <Notice tone="warning" title={DESK_TEXT.losesMoney} data-testid="solve-loses-money">
                <span data-testid="solve-answer-gross">{DESK_TEXT.answerGross(money(answerGross))}</span>
              </Notice>
            ) : answerGross !== null ? (
              <Text size="sm" data-testid="solve-answer-gross">
                {DESK_TEXT.answerGross(money(answerGross))}
              </Text>
            ) : null}
            {answer.solveFor === "sellingPrice" && answer.value > advertisedCents ? (
              <Text size="sm" className="dd-secondary-text">
                {DESK_TEXT.aboveAdvertised}
              </Text>
            ) : null}
            <Group gap="sm" mt={6}>
              <Button size="xs" onClick={() => void apply()} disabled={readOnly} data-testid="solve-apply">
                {DESK_TEXT.apply}
              </Button>
              {applied ? (
                <Text size="sm" data-testid="solve-applied">
                  {DESK_TEXT.applied}
                </Text>
              ) : null}
              {applyError ? (
                <Text size="sm" c="red.8" role="alert">
                  {applyError}
                </Text>
              ) : null}
            </Group>
          </Box>
        ) : (
          <Text mt="sm" role="alert" data-testid="solve-error">
            {answer.message}
          </Text>
        )
      ) : null}
    </Box>
  );
}
