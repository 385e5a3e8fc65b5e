// Identities that survive a re-render which changed nothing they hold, so that the parts of a page
// wrapped in `memo` skip it (issue #52: the shopper's page re-rendered its whole deal, 400-600
// elements, on every connection status, presence and prefetch change).

import { useCallback, useInsertionEffect, useRef } from "react";

/**
 * `value`, or the value of the last render when the two are the same plain data (equal as JSON):
 * the live deal that arrives equal to the page's stored one keeps the stored one's identity.
 */
export function useSameData<T>(value: T): T {
  const last = useRef<{ value: T; json: string } | null>(null);
  const kept = last.current;
  if (kept && kept.value === value) return kept.value;
  const json = JSON.stringify(value) ?? "";
  if (kept && kept.json === json) return kept.value;
  last.current = { value, json };
  return value;
}

/** A function of one identity for the component's life that calls the latest `fn` given. */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
