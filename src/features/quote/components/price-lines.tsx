import { formatMileage, formatPercent } from "@shared/core/format";
import { toCents } from "@shared/core/money";
import type { Breakdown } from "@shared/deal/pricing";
import type { Selection } from "@shared/deal/selected-structure";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { CORE_MSG, QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import { lazy, memo, type ReactElement, Suspense } from "react";
import type { Can, QuoteDialog } from "../quote-dialogs";
import { DetailRow, PriceLine } from "./price-line";

interface PriceLinesProps {
  data: QuoteData;
  breakdown: Breakdown;
  /** Issue #34: a selected lease shows its disclosure lines instead of the finance breakdown. */
  selection?: Selection;
  isDealer: boolean;
  /** Expired quote seen by a shopper: nothing opens. */
  readOnly: boolean;
  open(dialog: QuoteDialog): void;
}

/** The 13 lines of spec §2 'Quote page', in its order, every amount from shared/deal/pricing. */
export const PriceLines = memo(function PriceLines({
  data,
  breakdown: b,
  selection,
  isDealer,
  readOnly,
  open,
}: PriceLinesProps) {
  const can = (allowed: boolean, dialog: QuoteDialog) =>
    allowed && !readOnly ? () => open(dialog) : undefined;
  const { tradeIn } = data;
  const hasTradeIn = tradeIn.hasTradeIn;
  const tradeInSublabel = hasTradeIn
    ? [tradeIn.vehicle.description, formatMileage(tradeIn.vehicle.mileage)].filter(Boolean).join(" · ")
    : undefined;

  return (
    <div data-testid="price-lines">
      <PriceLine
        id="advertised-price"
        label={TEXT.advertisedPrice}
        amount={b.advertisedPrice}
        onOpen={can(isDealer, { kind: "amount", target: "advertisedPrice" })}
      />
      <PriceLine
        id="discount"
        label={TEXT.discount}
        amount={-b.discount}
        note={
          // A live client may store a discount above the price (decision 014); the dealer sees why it counts only up to the price.
          isDealer && toCents(data.pricing.discount) > toCents(data.pricing.advertisedPrice)
            ? CORE_MSG.discountAboveAdvertised
            : undefined
        }
        onOpen={can(isDealer, { kind: "amount", target: "discount" })}
      />
      <PriceLine id="selling-price" label={TEXT.sellingPrice} amount={b.sellingPrice} />
      <PriceLine
        id="add-ons"
        label={TEXT.addOns}
        note={TEXT.selectedCount(b.selectedAddOnCount)}
        amount={b.addOnsTotal}
        onOpen={can(true, { kind: "addOns" })}
        details={
          b.addOns.length === 0
            ? null
            : b.addOns.map((line) => (
                <DetailRow
                  key={line.id}
                  name={line.name}
                  amount={line.price}
                  retail={line.discounted ? line.retailPrice : undefined}
                />
              ))
        }
      />
      <PriceLine
        id="trade-in"
        label={TEXT.tradeInValue}
        amount={-b.tradeInValue}
        note={hasTradeIn && tradeIn.vehicle.value === undefined ? TEXT.tradeInRequested : undefined}
        sublabel={tradeInSublabel}
        onOpen={can(true, { kind: "tradeIn", fromAmountOwed: false })}
      />
      <PriceLine
        id="fees"
        label={TEXT.fees}
        amount={b.dealerFeesTotal}
        onOpen={can(true, { kind: "breakdown", which: "dealerFees" })}
        details={feeRows(b.dealerFees)}
      />
      {selection?.kind === "lease" ? (
        <Suspense fallback={null}>
          <LeaseLines data={data} breakdown={b} selection={selection} isDealer={isDealer} can={can} />
        </Suspense>
      ) : (
        <PurchaseLines data={data} breakdown={b} isDealer={isDealer} can={can} />
      )}
    </div>
  );
});

// Issue #34: a chosen lease's lines, a chunk of their own (the shopper page's opening budget).
const LeaseLines = lazy(() => import("./lease-lines"));

/** Lines 7 to 13 of spec §2 'Quote page': the purchase (cash or finance) breakdown. */
function PurchaseLines({
  data,
  breakdown: b,
  isDealer,
  can,
}: {
  data: QuoteData;
  breakdown: Breakdown;
  isDealer: boolean;
  can: Can;
}) {
  const { tradeIn } = data;
  const hasTradeIn = tradeIn.hasTradeIn;
  return (
    <>
      <PriceLine id="taxable-amount" label={TEXT.taxableAmount} amount={b.taxableAmount} />
      <PriceLine
        id="taxes"
        label={TEXT.taxes}
        amount={b.taxesTotal}
        onOpen={can(true, { kind: "breakdown", which: "taxes" })}
        details={listOrNull(
          b.taxes.map((tax) => (
            <DetailRow key={tax.id} name={`${tax.name} (${formatPercent(tax.rate)})`} amount={tax.amount} />
          )),
        )}
      />
      <PriceLine
        id="title-registration"
        label={TEXT.titleAndRegistration}
        amount={b.governmentFeesTotal}
        onOpen={can(true, { kind: "breakdown", which: "governmentFees" })}
        details={feeRows(b.governmentFees)}
      />
      <PriceLine id="total-balance" label={TEXT.totalBalance} amount={b.totalBalance} />
      {isDealer || b.rebates.length > 0 ? (
        // Issue #18: manufacturer rebates (dealer-set) lower what the customer pays.
        <PriceLine
          id="rebates"
          label={QUOTE_TEXT.rebates}
          amount={-b.rebatesTotal}
          onOpen={can(isDealer, { kind: "rebates" })}
          details={listOrNull(
            b.rebates.map((rebate) => (
              <DetailRow key={rebate.id} name={rebate.name} amount={-rebate.amount} />
            )),
          )}
        />
      ) : null}
      <PriceLine
        id="down-payment"
        label={TEXT.downPayment}
        amount={b.downPayment}
        onOpen={can(true, { kind: "amount", target: "downPayment" })}
      />
      <PriceLine
        id="amount-owed"
        label={TEXT.amountOwedOnTradeIn}
        amount={b.amountOwedOnTradeIn}
        // The payoff counts before the trade is appraised: say why the total rose.
        note={
          hasTradeIn && tradeIn.vehicle.value === undefined && b.amountOwedOnTradeIn !== 0
            ? QUOTE_TEXT.tradeInNotAppraised
            : undefined
        }
        dimmed={!hasTradeIn}
        onOpen={can(hasTradeIn, { kind: "tradeIn", fromAmountOwed: true })}
      />
      {b.tradeInExcess > 0 ? (
        // Only when the trade-in is worth more than the whole deal: the excess is still credited.
        <PriceLine id="trade-in-excess" label={TEXT.tradeInExcess} amount={-b.tradeInExcess} />
      ) : null}
      <PriceLine id="out-the-door" label={TEXT.outTheDoorPrice} amount={b.outTheDoorPrice} strong />
      {b.dueToCustomer > 0 ? (
        <PriceLine
          id="due-to-customer"
          label={QUOTE_TEXT.dueToCustomer}
          sublabel={QUOTE_TEXT.dueToCustomerNote}
          amount={b.dueToCustomer}
          strong
        />
      ) : null}
    </>
  );
}

function listOrNull(rows: ReactElement[]): ReactElement[] | null {
  return rows.length === 0 ? null : rows;
}

/** The expandable detail of the dealer-fee and title-and-registration lines. */
function feeRows(fees: readonly { id: string; name: string; amount: number }[]): ReactElement[] | null {
  return listOrNull(fees.map((fee) => <DetailRow key={fee.id} name={fee.name} amount={fee.amount} />));
}
