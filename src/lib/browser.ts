// The small browser toolbox every feature uses: idle scheduling and online state (the clipboard is
// in clipboard.ts, for the dealer's screens only: the shopper's page never downloads it).

import { useEffect, useState, useSyncExternalStore } from "react";

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

/**
 * Whether the element `ref` is set on is within `margin` of the viewport now (a CSS margin, such
 * as "100% 0px": a screen above or below), as the IntersectionObserver last said. True while
 * `watch` is false, and where the browser has no IntersectionObserver.
 */
export function useNearViewport<T extends Element>(
  watch: boolean,
  margin: string,
): { ref: (element: T | null) => void; near: boolean } {
  const [near, setNear] = useState(false);
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (!watch || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        const last = entries[entries.length - 1];
        if (last) setNear(last.isIntersecting);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watch, element, margin]);
  return { ref: setElement, near: !watch || near };
}
