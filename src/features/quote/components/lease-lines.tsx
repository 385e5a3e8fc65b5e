import { leaseDisclosureLines } from "@shared/deal/lease-lines";
import type { Breakdown } from "@shared/deal/pricing";
import type { Selection } from "@shared/deal/selected-structure";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import type { Can } from "../quote-dialogs";
import { DetailRow, PriceLine } from "./price-line";

/** The inputs a lease still takes (down payment, payoff, rebates), then its disclosure lines. */
export default function LeaseLines({
  data,
  breakdown: b,
  selection,
  isDealer,
  can,
}: {
  data: QuoteData;
  breakdown: Breakdown;
  selection: Selection & { kind: "lease" };
  isDealer: boolean;
  can: Can;
}) {
  const hasTradeIn = data.tradeIn.hasTradeIn;
  return (
    <>
      {isDealer || b.rebates.length > 0 ? (
        <PriceLine
          id="rebates"
          label={QUOTE_TEXT.rebates}
          amount={-b.rebatesTotal}
          onOpen={can(isDealer, { kind: "rebates" })}
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
        dimmed={!hasTradeIn}
        onOpen={can(hasTradeIn, { kind: "tradeIn", fromAmountOwed: true })}
      />
      <div data-testid="lease-lines">
        {leaseDisclosureLines(data, b, selection).map((line) =>
          line.level === 1 ? (
            <DetailRow key={line.id} name={line.label} amount={line.amount} />
          ) : (
            <PriceLine
              key={line.id}
              id={`lease-${line.id}`}
              label={line.label}
              amount={line.amount}
              sublabel={line.note}
              strong={line.strong}
            />
          ),
        )}
      </div>
    </>
  );
}
