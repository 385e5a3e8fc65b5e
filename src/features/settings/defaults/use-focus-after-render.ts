import { useCallback, useEffect, useState } from "react";

/**
 * Moves focus to an element by id once React has rendered it: after a row leaves edit mode its
 * edit button exists only after the next commit, which a requestAnimationFrame may precede.
 */
export function useFocusAfterRender(): (elementId: string) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!target) return;
    document.getElementById(target.id)?.focus();
  }, [target]);
  // A fresh object each call, so asking for the same element twice still moves focus.
  return useCallback((id: string) => setTarget({ id }), []);
}
