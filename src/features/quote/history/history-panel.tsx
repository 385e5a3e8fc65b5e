import { Box, Button, Text, Title } from "@mantine/core";
import { useIntersection } from "@mantine/hooks";
import { historySentence, relativeTime } from "@shared/history/history-sentence";
import { HISTORY_TEXT } from "@shared/history/history-text";
import { memberLabel } from "@shared/rules/permissions";
import { TEXT } from "@shared/text/page-text";
import { useEffect, useState } from "react";
import { useSession } from "@/lib/session";
import type { LiveQuoteState } from "../live/use-live-quote";
import classes from "./history-panel.module.css";
import { useQuoteHistory } from "./use-quote-history";

interface HistoryPanelProps {
  quoteId: string;
  onHistory: LiveQuoteState["onHistory"];
  connected: boolean;
}

const fullTime = (at: number) =>
  new Date(at).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "Now" for the relative times, moved on every 30 s so "just now" does not stay true for ever. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The panel counts as on screen within half a screen of the viewport. It sits below the deal: a
 * dealer working the deal with it out of view gets no history pushes (shared/history/history-push.ts)
 * until it scrolls into view.
 */
const NEAR_SCREEN: IntersectionObserverInit = { rootMargin: "50% 0px" };

/**
 * The deal's history on the dealer's quote page (issue #9): newest first, in plain words. A lazy
 * chunk of the dealer's page; the shopper's page never loads it (and the API refuses shoppers).
 */
export default function HistoryPanel({ quoteId, onHistory, connected }: HistoryPanelProps) {
  const [attempt, setAttempt] = useState(0);
  const panel = useIntersection<HTMLElement>(NEAR_SCREEN);
  const onScreen = panel.entry?.isIntersecting ?? false;
  const history = useQuoteHistory(quoteId, onHistory, connected, attempt, onScreen);
  const now = useNow();
  const { user } = useSession();
  // Changes by the reader read "You"; a teammate's read with their name, as "Dana (manager)".
  const self = user ? memberLabel(user.firstName, user.role) : undefined;
  const events = history.status === "ready" ? history.events : [];

  return (
    <Box
      component="section"
      ref={panel.ref}
      aria-labelledby="quote-history-title"
      mt="xl"
      data-testid="history-panel"
      data-state={history.status}
    >
      <Title order={2} id="quote-history-title" fz="h4" mb="sm">
        {HISTORY_TEXT.title}
      </Title>
      {history.status === "idle" ? null : history.status === "loading" ? (
        <Text size="sm" className="dd-secondary-text" role="status">
          {TEXT.loading}
        </Text>
      ) : history.status === "failed" ? (
        <Text size="sm" role="alert">
          {HISTORY_TEXT.loadFailed}{" "}
          <Button variant="subtle" size="compact-sm" onClick={() => setAttempt((n) => n + 1)}>
            {TEXT.tryAgain}
          </Button>
        </Text>
      ) : events.length === 0 ? (
        <Text size="sm" className="dd-secondary-text">
          {HISTORY_TEXT.empty}
        </Text>
      ) : (
        // Scrolls when long: focusable and named, so a keyboard can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
        <ul className={classes.list} tabIndex={0} aria-labelledby="quote-history-title">
          {events.map((event) => (
            <li key={event.id} className={classes.item} data-testid="history-event">
              <span>{historySentence(event, self)}</span>
              <time
                className={classes.time}
                dateTime={new Date(event.at).toISOString()}
                title={fullTime(event.at)}
              >
                {relativeTime(event.at, now)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}
