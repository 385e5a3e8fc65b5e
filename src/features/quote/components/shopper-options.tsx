import { CREDIT_TIERS, type CreditTier } from "@shared/core/constants";
import { formatMoney } from "@shared/core/money";
import type { Breakdown } from "@shared/deal/pricing";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { memo } from "react";
import type { QuoteDialog } from "../quote-dialogs";
import classes from "./shopper-options.module.css";
import { TierSelect } from "./tier-select";

interface ShopperOptionsProps {
  data: QuoteData;
  breakdown: Breakdown;
  open(dialog: QuoteDialog): void;
  onSelectTier(tier: CreditTier): void;
}

// Short labels: three controls share one row of a phone (the payments table gives the scores).
const TIER_OPTIONS = CREDIT_TIERS.map((tier) => ({ value: tier.id, label: tier.label }));

/**
 * Issue #34: the shopper's first phone screen says what they can change before the breakdown:
 * the trade-in, the down payment and the credit tier, each one tap away. Plain elements: this is
 * in the shopper page's opening chunk.
 */
export const ShopperOptions = memo(function ShopperOptions({
  data,
  breakdown,
  open,
  onSelectTier,
}: ShopperOptionsProps) {
  const { tradeIn } = data;
  const tradeInText = !tradeIn.hasTradeIn
    ? QUOTE_TEXT.tradeInNone
    : tradeIn.vehicle.value === undefined
      ? QUOTE_TEXT.tradeInToAppraise
      : formatMoney(breakdown.tradeInValue);
  return (
    <section
      aria-labelledby="shopper-options-title"
      className={classes.options}
      data-testid="shopper-options"
    >
      <h2 id="shopper-options-title" className="dd-visually-hidden">
        {QUOTE_TEXT.yourOptions}
      </h2>
      <div className={classes.row}>
        <button
          type="button"
          className={`${classes.option} mantine-focus-auto`}
          onClick={() => open({ kind: "tradeIn", fromAmountOwed: false })}
          data-testid="option-trade-in"
        >
          <span className={classes.optionLabel}>{QUOTE_TEXT.changeTradeIn}</span>
          <span className={classes.optionValue}>{tradeInText}</span>
        </button>
        <button
          type="button"
          className={`${classes.option} mantine-focus-auto`}
          onClick={() => open({ kind: "amount", target: "downPayment" })}
          data-testid="option-down-payment"
        >
          <span className={classes.optionLabel}>{QUOTE_TEXT.changeDownPayment}</span>
          <span className={classes.optionValue}>{formatMoney(-breakdown.downPayment || 0)}</span>
        </button>
        <div className={classes.tier}>
          <TierSelect
            value={data.selectedCreditTier}
            disabled={false}
            options={TIER_OPTIONS}
            onChange={onSelectTier}
            testId="option-credit-tier"
            label={QUOTE_TEXT.yourCredit}
          />
        </div>
      </div>
    </section>
  );
});
