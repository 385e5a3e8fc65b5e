import { Button, Group, Text } from "@mantine/core";
import { formatMoney, toCents } from "@shared/core/money";
import { dealFingerprint } from "@shared/deal/deal-fingerprint";
import { requestContext } from "@shared/deal/quote-solve";
import { paymentRequestState } from "@shared/schemas/payment-request";
import type { PaymentRequest, QuoteData } from "@shared/schemas/quote-schema";
import { DESK_TEXT, PAYMENT_REQUEST_TEXT, shortMoney } from "@shared/text/solve-text";
import { useState } from "react";
import { Notice } from "@/components/notice";
import type { LiveQuoteState } from "../live/use-live-quote";
import { saveVersion } from "./dealer-api";

// Issue #38, dealer only: the shopper's standing payment request, live ("Customer asks for
// $450.00/mo (Finance, 72 mo, $2,000 down): 'Can you do 450?'"), with Solve prefilled in the Desk
// panel and the answer: a counter-offer version (POST /versions), recorded on the deal as the
// answer to this request, which the shopper's page shows.

export default function PaymentRequestBanner({
  quoteId,
  data,
  readOnly,
  update,
  onSolve,
}: {
  quoteId: string;
  data: QuoteData;
  readOnly: boolean;
  update: LiveQuoteState["update"];
  onSolve(request: PaymentRequest): void;
}) {
  const { request, answer } = paymentRequestState(data);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!request) return null;
  const context = requestContext(data, request, {
    names: DESK_TEXT.structureNames,
    context: PAYMENT_REQUEST_TEXT.context,
    money: (cents) => shortMoney(formatMoney(cents)),
  });
  const text = PAYMENT_REQUEST_TEXT.customerAsks(formatMoney(toCents(request.amount)), context, request.note);

  const saveCounter = async () => {
    setSaving(true);
    setError(undefined);
    try {
      // Issue #46: the counter-offer is the deal this page shows.
      const version = await saveVersion(quoteId, dealFingerprint(data));
      const result = await update("paymentAnswer", { version: version.number, request });
      if (!result.ok) setError(result.errors[0]?.message);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Notice tone={answer ? "success" : "warning"} data-testid="payment-request">
      <Text component="span" data-testid="payment-request-text">
        {text}
      </Text>
      {answer ? (
        <Text size="sm" data-testid="payment-request-answered">
          {PAYMENT_REQUEST_TEXT.answeredByDealer(answer.version)}
        </Text>
      ) : (
        <Group gap="xs" mt={8}>
          <Button
            size="xs"
            variant="default"
            onClick={() => onSolve(request)}
            data-testid="payment-request-solve"
          >
            {PAYMENT_REQUEST_TEXT.solveIt}
          </Button>
          <Button
            size="xs"
            onClick={() => void saveCounter()}
            loading={saving}
            disabled={readOnly}
            data-testid="payment-request-counter"
          >
            {PAYMENT_REQUEST_TEXT.saveCounter}
          </Button>
        </Group>
      )}
      {error ? (
        <Text size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Notice>
  );
}
