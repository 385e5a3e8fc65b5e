import { Box, Button, Group, NativeSelect, SegmentedControl, Text, Title } from "@mantine/core";
import { amountToInput, parseAmountInput } from "@shared/core/format";
import { formatMoney, toCents } from "@shared/core/money";
import { type DealEconomics, dealGross } from "@shared/deal/gross";
import { appliedAnswer, type QuoteSolveAnswer, solveQuote } from "@shared/deal/quote-solve";
import { SOLVE_ROUNDING_CENTS, type SolveFor, type SolveStructure } from "@shared/deal/solve";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { MSG } from "@shared/text/messages";
import { DESK_TEXT } from "@shared/text/solve-text";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { MoneyInput } from "@/components/money-input";
import { Notice } from "@/components/notice";
import type { LiveQuoteState } from "../live/use-live-quote";
import { deskMoney as money } from "./gross-table";

/** A payment request's amount and structure put into the form ("Solve" on the request's banner). */
export interface SolvePrefill {
  amount: number;
  structure: SolveStructure;
  /** Bumped for each prefill, so the same request prefills again. */
  seq: number;
}

/**
 * Issue #38: "Solve for" a target payment (the selling price, the down payment or the term), and
 * its answer applied as a normal live edit (in the history). With the gross shown, the answer's
 * gross too, and a warning when it loses money.
 */
export function SolveForm({
  data,
  economics,
  showGross,
  readOnly,
  update,
  prefill,
}: {
  data: QuoteData;
  economics: DealEconomics;
  showGross: boolean;
  readOnly: boolean;
  update: LiveQuoteState["update"];
  prefill: SolvePrefill | null;
}) {
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
    <>
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
    </>
  );
}
