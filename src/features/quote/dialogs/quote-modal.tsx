import { TEXT } from "@shared/text/page-text";
import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from "react";
import classes from "./quote-modal.module.css";

interface QuoteModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  size?: "md" | "lg";
}

/**
 * The quote page's dialog: a native <dialog> opened with showModal(), which gives the top layer,
 * an inert page behind it (focus stays inside), Escape to close and focus returned on close,
 * without the ~30 KiB (gzip) of Mantine's Modal stack (portal, focus trap, scroll area,
 * floating-ui) on the shopper's phone. The first [data-autofocus] element takes the focus.
 */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab wrap around inside the dialog: the page behind is inert, but without this the
 * focus would leave for the browser's own toolbar (document.body) after the last control.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export function QuoteModal({ title, onClose, children, size = "md" }: QuoteModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect, so that close() runs while the dialog is still in the document and the
  // browser returns the focus to where it was.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={classes.dialog}
      data-size={size}
      onCancel={(event) => {
        // Escape: the page decides (it unmounts the dialog), so state and DOM never disagree.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={keepFocusInside}
      onMouseDown={(event) => {
        // A press on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={classes.content}>
        <div className={classes.header}>
          <h2 id={titleId} className={classes.title}>
            {title}
          </h2>
          <button type="button" className={classes.close} onClick={onClose} aria-label={TEXT.close}>
            <svg
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        </div>
        <div className={classes.body}>{children}</div>
      </div>
    </dialog>
  );
}
