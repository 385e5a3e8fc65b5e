// The dashboard's live signals (issue #9): which quotes a shopper has open right now (a live dot
// on the row or card) and a notification when a shopper opens a quote after being away.
// Polled (docs/decisions/006-presence-and-history.md): GET /api/quotes/live-status every few
// seconds while the dashboard is open; the server answers from memory.

import { Badge } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { INVENTORY_MSG } from "@shared/inventory/inventory-text";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import { customerAcceptedQuote, customerOpenedQuote, PRESENCE_TEXT } from "@shared/text/presence-text";
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from "react";
import { ApiError } from "@/lib/api";
import { POSITIVE_BADGE_COLOR } from "../badge-color";
import classes from "./live-signals.module.css";
import { liveStatus } from "./live-signals-api";
import { acceptancesToAnnounce, createVisitMemory, visitsToAnnounce } from "./visit-notices";

const LIVE_STATUS_POLL_MS = 3000;

const ViewingContext = createContext<ReadonlySet<string>>(new Set());
const AcceptedContext = createContext<ReadonlySet<string>>(new Set());
/** Issue #37: quote id → who else is working a quote on the same stock vehicle right now. */
const SameVehicleContext = createContext<ReadonlyMap<string, string>>(new Map());

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((id) => b.has(id));
const memory = createVisitMemory();

/**
 * Polls the live status for everything inside it and announces new visits. `onSettled`: the first
 * poll answered (or failed), so the dashboard can paint its rows with their badges at once (#51).
 */
export function LiveSignals({ children, onSettled }: { children: ReactNode; onSettled?: () => void }) {
  const [viewing, setViewing] = useState<ReadonlySet<string>>(() => new Set());
  const [accepted, setAccepted] = useState<ReadonlySet<string>>(() => new Set());
  const [sameVehicle, setSameVehicle] = useState<ReadonlyMap<string, string>>(() => new Map());
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const status = await liveStatus(controller.signal);
        if (stopped) return;
        setViewing((previous) => {
          const next = new Set(status.quotes.map((quote) => quote.id));
          return sameSet(next, previous) ? previous : next;
        });
        setAccepted((previous) => {
          const next = new Set((status.accepted ?? []).map((deal) => deal.id));
          return sameSet(next, previous) ? previous : next;
        });
        setSameVehicle((previous) => {
          const next = new Map((status.sameVehicle ?? []).map((signal) => [signal.id, signal.name]));
          const same =
            next.size === previous.size && [...next].every(([id, name]) => previous.get(id) === name);
          return same ? previous : next;
        });
        for (const quote of visitsToAnnounce(memory, status)) {
          notifications.show({
            id: `visit-${quote.id}-${quote.visitStartedAt}`,
            message: customerOpenedQuote(quote.label),
            color: "green",
            autoClose: 10_000,
            closeButtonProps: { "aria-label": TEXT.close },
          });
        }
        for (const deal of acceptancesToAnnounce(memory, status)) {
          notifications.show({
            id: `accepted-${deal.id}-${deal.version}`,
            message: customerAcceptedQuote(deal.label, deal.version),
            color: "green",
            autoClose: false,
            closeButtonProps: { "aria-label": TEXT.close },
          });
        }
      } catch (error) {
        // Signed out elsewhere: the page's own requests take the dealer to the login page.
        if (error instanceof ApiError && error.status === 401) {
          stopped = true;
        } else if (!stopped) {
          // A missed poll only delays the signal; the next one catches up.
          console.warn("Live status unavailable", error);
        }
      }
      settled.current?.();
      if (!stopped) timer = setTimeout(poll, LIVE_STATUS_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, []);

  return (
    <ViewingContext.Provider value={viewing}>
      <AcceptedContext.Provider value={accepted}>
        <SameVehicleContext.Provider value={sameVehicle}>{children}</SameVehicleContext.Provider>
      </AcceptedContext.Provider>
    </ViewingContext.Provider>
  );
}

/** Issue #19: whether the quote was accepted since the list loaded (the live status says so). */
export function useAcceptedLive(quoteId: string): boolean {
  return useContext(AcceptedContext).has(quoteId);
}

/** The live dot, named "Shopper viewing", while a shopper has the quote open. */
export function ShopperViewingDot({ quoteId }: { quoteId: string }) {
  const viewing = useContext(ViewingContext);
  if (!viewing.has(quoteId)) return null;
  return (
    <span
      className={classes.dot}
      role="img"
      aria-label={PRESENCE_TEXT.shopperViewingShort}
      title={PRESENCE_TEXT.shopperViewingShort}
      data-testid="shopper-viewing"
    />
  );
}

/** The desk log's words for the same signal (issue #20): "Customer looking now". */
export function CustomerLookingNow({ quoteId }: { quoteId: string }) {
  const viewing = useContext(ViewingContext);
  if (!viewing.has(quoteId)) return null;
  return (
    // Mantine's darkest green (green.9) is 4.36:1 at badge size: too little.
    // Never cut to "CUSTOME…" on a phone (#51): the badge keeps its width, or wraps when it must.
    <Badge
      color={POSITIVE_BADGE_COLOR}
      variant="filled"
      data-testid="customer-looking-now"
      style={{ flexShrink: 0, maxWidth: "100%", height: "auto" }}
      styles={{ label: { whiteSpace: "normal", overflow: "visible", textOverflow: "clip" } }}
    >
      {MSG.customerLookingNow}
    </Badge>
  );
}

/** Issue #37: "Sam Seller is working a quote on this vehicle right now", while they are. */
export function SameVehicleWorked({ quoteId }: { quoteId: string }) {
  const name = useContext(SameVehicleContext).get(quoteId);
  if (name === undefined) return null;
  return (
    <Badge color="#8a4b00" variant="filled" data-testid="same-vehicle" tt="none">
      {INVENTORY_MSG.someoneElseWorking(name)}
    </Badge>
  );
}
