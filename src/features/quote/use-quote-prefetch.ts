// What an edit needs (dialogs, validation rules) is fetched once the page is idle, or on the
// viewer's first touch, scroll or key press if that comes first, while the network is there:
// opening the link stays light (the shopper budget), and a phone that drops its connection after
// that can still open a dialog and change the deal.

import { useEffect, useState } from "react";
import { useMantineScopePreload } from "@/components/mantine-scope";
import { whenIdle } from "@/lib/browser";
import { loadValidator } from "./live/field-adapter";

/** Marked when the page starts fetching what an edit needs (the page-weight test reads it). */
export const PRELOAD_MARK = "dealdesk:preload-edit-code";
/** Marked once everything an edit needs is loaded (a dialog then opens offline; the e2e tests wait for it). */
export const EDIT_CODE_READY_MARK = "dealdesk:edit-code-ready";

const EVENTS = ["pointerdown", "touchstart", "keydown", "scroll", "wheel"] as const;

/**
 * Starts the fetch once; true from then on (the comparison card, which arrives with the edit code,
 * may render). `sideCode` loads the side's own dialogs, given the Mantine provider's load (the
 * shopper's page loads it lazily); it must be a stable function (module level).
 */
export function useQuotePrefetch(sideCode: (mantineScope: Promise<unknown>) => Promise<unknown>[]): boolean {
  const [extrasReady, setExtrasReady] = useState(false);
  const preloadMantineScope = useMantineScopePreload();
  useEffect(() => {
    let done = false;
    const prefetch = () => {
      if (done) return;
      done = true;
      for (const name of EVENTS) window.removeEventListener(name, prefetch, true);
      performance.mark(PRELOAD_MARK);
      setExtrasReady(true);
      // The dialogs after the Mantine provider they render in: once the dialogs' code is here,
      // everything a dialog needs to open offline is.
      const scope = preloadMantineScope();
      // An import resolves once the chunk and every chunk it imports are loaded and run.
      const loads: Promise<unknown>[] = [
        scope.then(() => import("./dialogs/quote-dialog-host")),
        loadValidator(),
        ...sideCode(scope),
      ];
      Promise.all(loads).then(
        () => performance.mark(EDIT_CODE_READY_MARK),
        // Offline or a failed chunk: the dialogs say so when opened (LoadBoundary), and load then.
        () => {},
      );
    };
    for (const name of EVENTS) window.addEventListener(name, prefetch, { capture: true, passive: true });
    const idle = whenIdle(prefetch);
    return () => {
      idle.cancel();
      for (const name of EVENTS) window.removeEventListener(name, prefetch, true);
    };
  }, [sideCode, preloadMantineScope]);
  return extrasReady;
}
