import { useCallback, useEffect, useId } from "react";

// Issue #14: a form with unsaved changes asks before they are thrown away: closing or reloading
// the tab (the browser's own prompt), following a link inside the app, and whatever the page
// itself does that would drop them (confirmDiscard, e.g. switching the credit tier). Any number of
// forms may be dirty at once; the page asks once.

/** The question (kept out of messages.ts: the shopper's page never asks it). */
export const UNSAVED_CHANGES_CONFIRM = "You have unsaved changes. Leave without saving them?";

const dirtyForms = new Set<string>();

/** True when the click is a plain left click on a link to another page of this app. */
function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return false;
  if (link.hasAttribute("download")) return false;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return false;
  return url.pathname !== window.location.pathname || url.search !== window.location.search;
}

function beforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers need a returnValue to show their prompt (its text is their own).
  event.returnValue = "";
}

// Capture phase on the document: ahead of the router's own click handler on the app's root.
function linkClick(event: MouseEvent) {
  if (!leavesPage(event)) return;
  if (window.confirm(UNSAVED_CHANGES_CONFIRM)) {
    // Leaving: the forms unmount; nothing more to ask.
    dirtyForms.clear();
    stopListening();
    return;
  }
  event.preventDefault();
  event.stopPropagation();
}

function stopListening() {
  window.removeEventListener("beforeunload", beforeUnload);
  document.removeEventListener("click", linkClick, true);
}

function mark(id: string, dirty: boolean) {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  if (before === 0 && dirtyForms.size > 0) {
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", linkClick, true);
  } else if (before > 0 && dirtyForms.size === 0) stopListening();
}

/** Asks before unsaved changes are lost; `confirmDiscard()` asks for the page's own actions. */
export function useUnsavedChanges(dirty: boolean): { confirmDiscard(): boolean } {
  const id = useId();
  useEffect(() => {
    mark(id, dirty);
    return () => mark(id, false);
  }, [id, dirty]);
  const confirmDiscard = useCallback(
    () => !dirtyForms.has(id) || window.confirm(UNSAVED_CHANGES_CONFIRM),
    [id],
  );
  return { confirmDiscard };
}
