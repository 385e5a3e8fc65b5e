import { Box, Stack, Text } from "@mantine/core";
import { CREDIT_TIERS, type CreditTier, LOAN_TERMS, type LoanTerm } from "@shared/constants";
import { QUOTE_TEXT, TEXT } from "@shared/messages";
import { formatMoney } from "@shared/money";
import type { PaymentCell, PaymentGrid } from "@shared/pricing";
import classes from "./monthly-payments.module.css";
import { RateText } from "./rate-text";
import { TierSelect } from "./tier-select";

export interface MonthlyPaymentsProps {
  grid: PaymentGrid;
  selectedTier: CreditTier;
  isDealer: boolean;
  readOnly: boolean;
  onSelectTier(tier: CreditTier): void;
  onRateChange(tier: CreditTier, term: LoanTerm, rate: number): void;
}

const tierOption = (tier: (typeof CREDIT_TIERS)[number]) =>
  `${tier.label} (${tier.minScore}-${tier.maxScore})`;
const termLabel = (term: LoanTerm) => QUOTE_TEXT.termMonths(term);

/**
 * Payments by credit tier and loan term. Wide screens get the whole table; a phone gets the
 * selected tier's six terms as a list (30 cells scrolled sideways are unreadable on 390 px).
 */
export function MonthlyPayments({
  grid,
  selectedTier,
  isDealer,
  readOnly,
  onSelectTier,
  onRateChange,
}: MonthlyPaymentsProps) {
  const rate = (tier: CreditTier, term: LoanTerm, cell: PaymentCell) => (
    <RateText
      cell={cell}
      label={`${CREDIT_TIERS.find((t) => t.id === tier)?.label ?? tier}, ${termLabel(term)}`}
      editable={isDealer}
      onSave={(value) => onRateChange(tier, term, value)}
    />
  );

  return (
    <Box component="section" aria-labelledby="monthly-payments-title" mt="xl">
      <h2 id="monthly-payments-title" className="dd-h4" style={{ marginBottom: "var(--mantine-spacing-sm)" }}>
        {TEXT.monthlyPayments}
      </h2>
      <TierSelect
        value={selectedTier}
        disabled={readOnly}
        onChange={onSelectTier}
        options={CREDIT_TIERS.map((tier) => ({ value: tier.id, label: tierOption(tier) }))}
      />

      {/* A plain table: Mantine's Table brings its scroll area (and floating-ui) to the shopper's phone. */}
      <Box visibleFrom="md">
        <table className={classes.table} data-testid="payments-table">
          <thead>
            <tr>
              <th scope="col">{QUOTE_TEXT.creditTier}</th>
              {LOAN_TERMS.map((term) => (
                <th key={term} scope="col" className={classes.number}>
                  {termLabel(term)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {CREDIT_TIERS.map((tier) => {
              const selected = tier.id === selectedTier;
              return (
                <tr key={tier.id} data-selected={selected || undefined}>
                  <th scope="row">
                    <Text fw={selected ? 700 : 500} size="sm">
                      {tier.label}
                    </Text>
                    <Text size="xs" className="dd-secondary-text">
                      {tier.minScore}-{tier.maxScore}
                      {selected ? ` · ${QUOTE_TEXT.selected}` : ""}
                    </Text>
                  </th>
                  {LOAN_TERMS.map((term) => (
                    <td key={term} className={classes.number} data-testid={`payment-${tier.id}-${term}`}>
                      <Text fw={selected ? 700 : 500} size="sm" className={classes.amount}>
                        {formatMoney(grid[tier.id][term].payment)}
                      </Text>
                      {rate(tier.id, term, grid[tier.id][term])}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </Box>

      <Stack hiddenFrom="md" gap={0} data-testid="payments-list" className={classes.list}>
        {LOAN_TERMS.map((term) => {
          const cell = grid[selectedTier][term];
          return (
            <Box key={term} className={classes.listRow} data-testid={`payment-phone-${term}`}>
              <Text size="sm" fw={500}>
                {termLabel(term)}
              </Text>
              <Box ta="right">
                <Text fw={700} className={classes.amount}>
                  {formatMoney(cell.payment)}
                  <Text component="span" size="xs" className="dd-secondary-text">
                    {" "}
                    {QUOTE_TEXT.perMonth}
                  </Text>
                </Text>
                {rate(selectedTier, term, cell)}
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
