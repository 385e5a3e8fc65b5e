import { Button, Group, Radio, Textarea } from "@mantine/core";
import { amountToInput, parseAmountInput } from "@shared/core/format";
import { formatMoney, toCents } from "@shared/core/money";
import { requestTerms } from "@shared/deal/quote-solve";
import {
  paymentRequestState,
  paymentRequestWaitMs,
  readPaymentRequest,
  waitMinutes,
} from "@shared/schemas/payment-request";
import type { PaymentRequest, QuoteData } from "@shared/schemas/quote-schema";
import { DESK_TEXT, PAYMENT_REQUEST_TEXT } from "@shared/text/solve-text";
import { type FormEvent, useEffect, useState } from "react";
import { MantineScope } from "@/components/mantine-scope";
import { MoneyInput } from "@/components/money-input";
import { Notice } from "@/components/notice";
import { DialogActions } from "../dialogs/dialog-actions";
import { QuoteModal } from "../dialogs/quote-modal";
import type { LiveQuoteState } from "../live/use-live-quote";

// Issue #38, the shopper's page: "Ask for a different payment" (a monthly amount, the structure it
// is for, a note of at most 280 characters), written as the shopper's own `paymentRequest` keys
// (the server checks them: shared/rules/permissions.ts, quote-schema.ts), and the dealer's answer, a
// counter-offer version, shown live: "Your dealer answered your request" with the new figures.
// A chunk of its own, loaded after the page is idle: the opening JavaScript does not grow.
// Issue #47: the server refuses a request over its cap (per quote and per device) and names the
// wait in its refusal; the section says when another may be sent, and waits until then.

const NOTE_MAX = 280;

function RequestDialog({
  data,
  update,
  onClose,
}: {
  data: QuoteData;
  update: LiveQuoteState["update"];
  onClose(): void;
}) {
  const offered = (["finance", "lease"] as const).filter(
    (kind) => !data.structures.hidden.includes(kind) && (kind === "finance" || data.leaseProgram),
  );
  const current = readPaymentRequest(data.paymentRequest);
  const [amount, setAmount] = useState(current ? amountToInput(current.amount) : "");
  const [structure, setStructure] = useState<PaymentRequest["structure"]>(
    current?.structure ?? offered[0] ?? "finance",
  );
  const [note, setNote] = useState(current?.note ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    // Issue #46: the request keeps what the shopper is shown for it now (term, down, payment).
    const asked = requestTerms(data, structure);
    const result = await update("paymentRequest", {
      amount: amount.trim() === "" ? 0 : parseAmountInput(amount),
      structure,
      note: note.trim(),
      ...(asked ? { asked: asked as PaymentRequest["asked"] } : {}),
    });
    setSaving(false);
    if (result.ok) {
      onClose();
      return;
    }
    const next: Record<string, string> = {};
    for (const error of result.errors)
      next[error.field.replace(/^paymentRequest\.?/, "") || "amount"] = error.message;
    setErrors(next);
  };

  return (
    <QuoteModal title={PAYMENT_REQUEST_TEXT.dialogTitle} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <MoneyInput
          label={PAYMENT_REQUEST_TEXT.amount}
          value={amount}
          onChange={(value) => setAmount(value)}
          error={errors.amount}
          data-autofocus
          data-testid="payment-request-amount"
        />
        <Radio.Group
          mt="md"
          label={PAYMENT_REQUEST_TEXT.structure}
          value={structure}
          onChange={(value) => setStructure(value as PaymentRequest["structure"])}
          error={errors.structure}
        >
          <Group gap="lg" mt={4}>
            {offered.map((kind) => (
              <Radio
                key={kind}
                value={kind}
                label={DESK_TEXT.structureNames[kind]}
                data-testid={`payment-request-${kind}`}
              />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          mt="md"
          label={PAYMENT_REQUEST_TEXT.note}
          value={note}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={errors.note}
          data-testid="payment-request-note"
        />
        <DialogActions onCancel={onClose} saving={saving} />
      </form>
    </QuoteModal>
  );
}

/** Until when the server refuses another request (its last refusal of one said so), or 0. */
function useLimitedUntil(refused: LiveQuoteState["refused"]): number {
  const [until, setUntil] = useState(0);
  const [, tick] = useState(0);
  useEffect(() => {
    const wait = paymentRequestWaitMs(refused?.reason);
    if (wait !== null) setUntil(Date.now() + wait);
  }, [refused]);
  const left = until - Date.now();
  useEffect(() => {
    if (left <= 0) return;
    // Again when the minutes shown change, and when the wait is over.
    const timer = setTimeout(() => tick((n) => n + 1), left % 60_000 || 60_000);
    return () => clearTimeout(timer);
  });
  return left > 0 ? until : 0;
}

export default function PaymentRequestSection({
  data,
  selectedText,
  readOnly,
  update,
  refused,
}: {
  data: QuoteData;
  /** The selected structure's figures ("Finance, 72 months, $2,000.00 down, $449.87/mo ..."). */
  selectedText: string;
  readOnly: boolean;
  update: LiveQuoteState["update"];
  /** The server's last refusal of a change from this page. */
  refused: LiveQuoteState["refused"];
}) {
  const [open, setOpen] = useState(false);
  const { request, answer } = paymentRequestState(data);
  const answered = answer !== null;
  const limitedUntil = useLimitedUntil(refused);
  return (
    <div data-testid="payment-request-section">
      {answered ? (
        <Notice tone="success" title={PAYMENT_REQUEST_TEXT.answered} data-testid="payment-request-answer">
          {PAYMENT_REQUEST_TEXT.answeredFigures(selectedText)}
        </Notice>
      ) : request ? (
        <Notice tone="info" data-testid="payment-request-sent">
          {PAYMENT_REQUEST_TEXT.sent(
            formatMoney(toCents(request.amount)),
            DESK_TEXT.structureNames[request.structure],
          )}
        </Notice>
      ) : null}
      {limitedUntil > 0 ? (
        <Notice tone="warning" data-testid="payment-request-limited">
          {PAYMENT_REQUEST_TEXT.limited(waitMinutes(limitedUntil - Date.now()))}
        </Notice>
      ) : null}
      {readOnly ? null : (
        <MantineScope>
          <Button
            variant="default"
            mt="sm"
            disabled={limitedUntil > 0}
            onClick={() => setOpen(true)}
            data-testid="ask-different-payment"
          >
            {PAYMENT_REQUEST_TEXT.ask}
          </Button>
          {open ? <RequestDialog data={data} update={update} onClose={() => setOpen(false)} /> : null}
        </MantineScope>
      )}
    </div>
  );
}
