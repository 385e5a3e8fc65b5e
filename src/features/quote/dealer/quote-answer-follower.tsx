import type { DealState } from "@shared/live/deal-state";
import { useEffect, useRef } from "react";
import { type QuoteAnswer, readQuote } from "../quote-api";

// Issue #48, dealer only (a lazy part: nothing of it on the shopper's opening budget): what the
// dealer's page shows from the quote's answer (GET /api/quotes/{id}: the stock vehicle's status,
// whether this member sees gross) follows the database while the page is open. The live server
// pushes the deal's state with its state seq whenever that seq moves (a right, a reassignment, a
// stock status change, a renewal: server/live/lifecycle-watch.ts, on every process within a
// second), and with the seq it holds whenever a dealer's socket joins; the page reads the answer
// again when that seq is newer than the one its answer was read at (`answeredSeq`). A change made
// while the socket was away or still on its way is caught at the join, where no push would come.
// No polling.

export default function QuoteAnswerFollower({
  quoteId,
  answeredSeq,
  onDealState,
  onAnswer,
}: {
  quoteId: string;
  /** The state seq of the answer the page shows (absent from an older server's: read at the first seq). */
  answeredSeq: number | undefined;
  onDealState: (listener: (state: DealState) => void) => () => void;
  onAnswer: (answer: QuoteAnswer) => void;
}) {
  // Answers can arrive out of order: only the newest read's is shown.
  const latest = useRef(0);
  // The newest seq the page shows or has asked for; seqs only grow. Kept across a new connection
  // (the page opens new sockets when its rights change).
  const known = useRef(-1);
  if (answeredSeq !== undefined && answeredSeq > known.current) known.current = answeredSeq;
  useEffect(() => {
    let controller: AbortController | null = null;
    const stop = onDealState((state) => {
      if (state.seq === undefined || state.seq <= known.current) return;
      known.current = state.seq;
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
