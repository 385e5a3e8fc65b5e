// The owner's first-run checklist (issue #14), loaded by the dashboard itself: the page paints its
// checklist and its list together once the checklist is known, so neither moves the other (#51).

import type { Checklist } from "@shared/schemas/checklist";
import { useEffect, useState } from "react";
import { loadChecklist } from "./checklist-api";

type ChecklistState = {
  /** Null while loading, and when it could not load (the dashboard works without it). */
  checklist: Checklist | null;
  known: boolean;
  setChecklist(checklist: Checklist): void;
};

export function useChecklist(): ChecklistState {
  const [checklist, setChecklist] = useState<Checklist | null>(null);
  const [known, setKnown] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    loadChecklist(controller.signal)
      .then(setChecklist, () => {})
      .finally(() => {
        if (!controller.signal.aborted) setKnown(true);
      });
    return () => controller.abort();
  }, []);
  return { checklist, known, setChecklist };
}
