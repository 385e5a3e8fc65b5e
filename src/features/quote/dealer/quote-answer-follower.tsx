import type { DealState } from "@shared/live/deal-state";
import { useEffect, useRef } from "react";
import { type QuoteAnswer, readQuote } from "../quote-api";

// Issue #48, dealer only (a lazy part: nothing of it on the shopper's opening budget): what the
// dealer's page shows from the quote's answer (GET /api/quotes/{id}: the stock vehicle's status,
// whether this member sees gross) follows the database while the page is open. The live server
// pushes the deal's state with its state seq whenever that seq moves (a right, a reassignment, a
// stock status change, a renewal: server/live/lifecycle-watch.ts, on every process within a
// second); the page then reads the answer again. No polling.

export default function QuoteAnswerFollower({
  quoteId,
  onDealState,
  onAnswer,
}: {
  quoteId: string;
  onDealState: (listener: (state: DealState) => void) => () => void;
  onAnswer: (answer: QuoteAnswer) => void;
}) {
  // Answers can arrive out of order: only the newest read's is shown.
  const latest = useRef(0);
  useEffect(() => {
    let lastSeq: number | undefined;
    let controller: AbortController | null = null;
    const stop = onDealState((state) => {
      if (state.seq === undefined || state.seq === lastSeq) return;
      lastSeq = state.seq;
      controller?.abort();
      const reading = new AbortController();
      controller = reading;
      const read = ++latest.current;
      readQuote(quoteId, true, reading.signal).then(
        (answer) => {
          if (read === latest.current) onAnswer(answer);
        },
        (error: unknown) => {
          // The page keeps what it shows; the next change reads it again.
          if (!reading.signal.aborted) console.error("Reading the quote again failed", error);
        },
      );
    });
    return () => {
      stop();
      controller?.abort();
    };
  }, [quoteId, onDealState, onAnswer]);
  return null;
}
