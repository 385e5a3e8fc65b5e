import { CREDIT_TIERS, type CreditTier, LOAN_TERMS, type LoanTerm } from "@shared/core/constants";
import { formatMoney } from "@shared/core/money";
import type { PaymentCell, PaymentGrid } from "@shared/deal/pricing";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { memo } from "react";
import classes from "./monthly-payments.module.css";
import { RateText } from "./rate-text";
import { TierSelect } from "./tier-select";

interface MonthlyPaymentsProps {
  grid: PaymentGrid;
  selectedTier: CreditTier;
  isDealer: boolean;
  readOnly: boolean;
  onSelectTier(tier: CreditTier): void;
  /** The dealer's page: a rate edited in the table (the shopper's rates are plain text). */
  onRateChange?(tier: CreditTier, term: LoanTerm, rate: number): void;
}

const tierOption = (tier: (typeof CREDIT_TIERS)[number]) =>
  `${tier.label} (${tier.minScore}-${tier.maxScore})`;
const termLabel = (term: LoanTerm) => QUOTE_TEXT.termMonths(term);

/**
 * Payments by credit tier and loan term. Wide screens get the whole table; a phone gets the
 * selected tier's six terms as a list (30 cells scrolled sideways are unreadable on 390 px).
 */
export const MonthlyPayments = memo(function MonthlyPayments({
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
      onSave={(value) => onRateChange?.(tier, term, value)}
    />
  );

  return (
    <section aria-labelledby="monthly-payments-title" className={classes.section}>
      <h2 id="monthly-payments-title" className={`dd-h4 ${classes.title}`}>
        {TEXT.monthlyPayments}
      </h2>
      <TierSelect
        value={selectedTier}
        disabled={readOnly}
        onChange={onSelectTier}
        options={CREDIT_TIERS.map((tier) => ({ value: tier.id, label: tierOption(tier) }))}
      />

      {/* A plain table: Mantine's Table brings its scroll area (and floating-ui) to the shopper's phone. */}
      <div className={classes.wide}>
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
              const weight = selected ? classes.bold : classes.medium;
              return (
                <tr key={tier.id} data-selected={selected || undefined}>
                  <th scope="row">
                    <p className={`dd-text dd-text-sm ${weight}`}>{tier.label}</p>
                    <p className="dd-text dd-text-xs dd-secondary-text">
                      {tier.minScore}-{tier.maxScore}
                      {selected ? ` · ${QUOTE_TEXT.selected}` : ""}
                    </p>
                  </th>
                  {LOAN_TERMS.map((term) => (
                    <td key={term} className={classes.number} data-testid={`payment-${tier.id}-${term}`}>
                      <p className={`dd-text dd-text-sm ${weight} ${classes.amount}`}>
                        {formatMoney(grid[tier.id][term].payment)}
                      </p>
                      {rate(tier.id, term, grid[tier.id][term])}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <div data-testid="payments-list" className={`${classes.narrow} ${classes.list}`}>
        {LOAN_TERMS.map((term) => {
          const cell = grid[selectedTier][term];
          return (
            <div key={term} className={classes.listRow} data-testid={`payment-phone-${term}`}>
              <p className={`dd-text dd-text-sm ${classes.medium}`}>{termLabel(term)}</p>
              <div className={classes.end}>
                <p className={`dd-text ${classes.bold} ${classes.amount}`}>
                  {formatMoney(cell.payment)}
                  <span className="dd-text dd-text-xs dd-secondary-text"> {QUOTE_TEXT.perMonth}</span>
                </p>
                {rate(selectedTier, term, cell)}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
});
