import { useEffect, useState } from "react";

const TICK_MS = 60_000;

/** The current time, refreshed every minute, so a quote that expires while the dashboard is open gets hidden. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
