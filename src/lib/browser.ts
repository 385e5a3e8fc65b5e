// The small browser toolbox every feature uses: idle scheduling and online state (the clipboard is
// in clipboard.ts, for the dealer's screens only: the shopper's page never downloads it).

import { useSyncExternalStore } from "react";

/** Runs `task` once the browser is idle (or after `timeoutMs` at the latest). */
export function whenIdle(task: () => void, timeoutMs = 2_000): { cancel(): void } {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return { cancel: () => window.cancelIdleCallback(handle) };
  }
  const handle = window.setTimeout(task, 200);
  return { cancel: () => window.clearTimeout(handle) };
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}
