import { Button, Group } from "@mantine/core";
import { INVENTORY_MSG, INVENTORY_TEXT, STATUS_LABELS } from "@shared/inventory/inventory-text";
import type { QuoteStock } from "@shared/inventory/quote-stock";
import { useEffect, useState } from "react";
import { Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { notify } from "@/lib/notify";
import { markStockSold } from "./dealer-api";

// Issue #37, dealer only: the stock vehicle this quote was made from. Another deal on it that was
// accepted is a warning here; "Mark sold" sells the vehicle (POST /api/quotes/:id/sold).

const acceptedDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

export default function StockNotice({ quoteId, stock }: { quoteId: string; stock: QuoteStock }) {
  const [status, setStatus] = useState(stock.status);
  // Issue #48: the status as the quote's answer has it now (accepted, reopened, sold elsewhere).
  useEffect(() => setStatus(stock.status), [stock.status]);
  const markSold = async () => {
    try {
      const answer = await markStockSold(quoteId);
      setStatus(answer.status);
      notify(INVENTORY_MSG.vehicleMarkedSold);
    } catch (error) {
      notify(errorText(error, INVENTORY_MSG.saveFailed), false);
    }
  };
  return (
    <>
      {stock.otherAcceptedAt ? (
        <Notice tone="warning" data-testid="other-deal-accepted">
          {INVENTORY_MSG.anotherDealAccepted(acceptedDate(stock.otherAcceptedAt))}
        </Notice>
      ) : null}
      <Notice tone="info" data-testid="quote-stock">
        <Group gap="sm" justify="space-between">
          <span>
            {INVENTORY_TEXT.columns.stockNumber} {stock.stockNumber} · {STATUS_LABELS[status]}
          </span>
          {status === "sold" ? null : (
            <Button size="xs" variant="default" onClick={() => void markSold()}>
              {INVENTORY_TEXT.markSold}
            </Button>
          )}
        </Group>
      </Notice>
    </>
  );
}
