import { selectedStructure } from "@shared/deal/selected-structure";
import { readPaymentRequest } from "@shared/schemas/payment-request";
import type { QuoteData } from "@shared/schemas/quote-schema";
import { type ReactNode, Suspense, useState } from "react";
import { LoadBoundary } from "@/components/load-boundary";
import { MantineScope } from "@/components/mantine-scope";
import { resilientLazy } from "@/lib/resilient-lazy";
import type { SolvePrefill } from "../dealer/solve-form";
import { logRefusal } from "../live/log-refusal";
import type { LiveQuoteState } from "../live/use-live-quote";
import type { QuoteAnswer } from "../quote-api";
import type { QuoteDialog } from "../quote-dialogs";

// One lazy slot of the quote page below the payments, for both sides, so that the shopper's
// opening JavaScript carries a single reference: the comparison card (issue #18; on the shopper's
// page once it is idle and the shopper comes near the slot), then (issue #38) the dealer's Desk (the customer's payment request and the Desk panel:
// gross, economics, Solve for) with the deal's History, or the shopper's "Ask for a different
// payment". Each is a chunk of its own: a shopper's phone never downloads the Desk.
const StructuresCard = resilientLazy(() => import("../structures/structures-card"));
const PaymentRequestBanner = resilientLazy(() => import("../dealer/payment-request-banner"));
const DeskPanel = resilientLazy(() => import("../dealer/desk-panel"));
const HistoryPanel = resilientLazy(() => import("../history/history-panel"));
const PaymentRequestSection = resilientLazy(() => import("./payment-request-section"));

interface QuoteDeskProps {
  quote: QuoteAnswer;
  live: LiveQuoteState;
  data: QuoteData;
  isDealer: boolean;
  /** The page is idle or touched: the comparison card and the shopper's request may load. */
  extrasReady: boolean;
  /** Accepted by the shopper (issue #19): nothing that changes the deal. */
  locked: boolean;
  /** The shopper's expired quote. */
  readOnly: boolean;
  open(dialog: QuoteDialog): void;
}

/** A part of the slot: its own chunk, and nothing at all while it cannot load (offline). */
function Part({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  );
}

export default function QuoteDesk({
  quote,
  live,
  data,
  isDealer,
  extrasReady,
  locked,
  readOnly,
  open,
}: QuoteDeskProps) {
  const { update } = live;
  const [prefill, setPrefill] = useState<SolvePrefill | null>(null);
  return (
    <>
      {extrasReady ? (
        <Part>
          <MantineScope>
            <StructuresCard
              data={data}
              isDealer={isDealer}
              readOnly={readOnly || locked}
              onChoose={async (choice, downCents) => {
                // Issue #46: the deal has one down payment. A cell at another down sets it first
                // (refused above the balance: the pick is then not made), then the structure and term.
                if (downCents !== undefined) {
                  const down = await update("downPayment", -downCents / 100 || 0);
                  logRefusal(down);
                  if (!down.ok) return false;
                }
                const chosen = await update("shopperChoice", choice);
                logRefusal(chosen);
                return chosen.ok;
              }}
              onEdit={isDealer && !locked ? () => open({ kind: "structures" }) : undefined}
            />
          </MantineScope>
        </Part>
      ) : null}
      {isDealer ? (
        <>
          {readPaymentRequest(data.paymentRequest) ? (
            <Part>
              <PaymentRequestBanner
                quoteId={quote.id}
                data={data}
                readOnly={locked}
                update={update}
                onSolve={(request) => {
                  setPrefill((current) => ({
                    amount: request.amount,
                    structure: request.structure,
                    seq: (current?.seq ?? 0) + 1,
                  }));
                  document.getElementById("desk-title")?.scrollIntoView({ block: "start" });
                }}
              />
            </Part>
          ) : null}
          <Part>
            <DeskPanel
              data={data}
              economicsRaw={live.economicsRaw}
              // The REST answer carries the gross only to members who see it; the economics
              // document's socket closes when that right is lost meanwhile (issue #38).
              showGross={quote.gross !== undefined && !live.economicsClosed}
              readOnly={locked}
              update={update}
              prefill={prefill}
            />
          </Part>
          <Part>
            <HistoryPanel
              quoteId={quote.id}
              onHistory={live.onHistory}
              connected={live.status === "connected"}
            />
          </Part>
        </>
      ) : extrasReady && !locked ? (
        <Part>
          <PaymentRequestSection
            data={data}
            selectedText={selectedStructure(data).text}
            readOnly={readOnly}
            update={update}
            refused={live.refused}
          />
        </Part>
      ) : null}
    </>
  );
}
