// What the dashboard's per-quote buttons do: open, copy the shopper link, renew and duplicate
// (issue #14), delete after the confirmation dialog. Notices use the spec §8 words.

import { copyLinkFailed } from "@shared/text/dealer-messages";
import { MSG } from "@shared/text/messages";
import { useState } from "react";
import { useNavigate } from "react-router";
import { copyText } from "@/lib/clipboard";
import { notify } from "@/lib/notify";
import { markShared } from "./checklist-api";
import type { QuoteActionHandlers } from "./quote-actions";
import { type DashboardQuote, shopperLink } from "./quote-list-view";
import { deleteQuote, duplicateAndTell, renewAndTell } from "./quotes-api";

export function useQuoteActions(list: {
  remove(id: string): void;
  patch(id: string, changes: Partial<DashboardQuote>): void;
}) {
  const navigate = useNavigate();
  const [deleteTarget, setDeleteTarget] = useState<DashboardQuote | null>(null);
  const [deleting, setDeleting] = useState(false);

  const open = (quote: Pick<DashboardQuote, "id">) =>
    navigate(`/quote/${encodeURIComponent(quote.id)}?view=dealer`);

  const handlers: QuoteActionHandlers = {
    onEdit: open,
    onCopyLink: (quote) => {
      const link = shopperLink(window.location.origin, quote.id);
      markShared(quote.id, "link");
      void copyText(link).then((copied) =>
        copied ? notify(MSG.quoteLinkCopied, true) : notify(copyLinkFailed(link), false),
      );
    },
    onDelete: setDeleteTarget,
    onRenew: (quote) => {
      void renewAndTell(quote.id).then((expiresAt) => {
        if (expiresAt) list.patch(quote.id, { expires_at: expiresAt, expiresMs: Date.parse(expiresAt) });
      });
    },
    // The copy opens at once, ready for the new customer's details (Share).
    onDuplicate: (quote) => {
      void duplicateAndTell(quote.id).then((copyId) => {
        if (copyId) open({ id: copyId });
      });
    },
  };

  const confirmDelete = async () => {
    if (!deleteTarget) return;
    setDeleting(true);
    try {
      await deleteQuote(deleteTarget.id);
      list.remove(deleteTarget.id);
      notify(MSG.quoteDeleted, true);
    } catch (error) {
      console.error("Delete quote failed", error);
      notify(MSG.deleteQuoteFailed, false);
    } finally {
      // Spec §4: on failure the confirmation closes too.
      setDeleting(false);
      setDeleteTarget(null);
    }
  };

  return {
    open,
    handlers,
    deleteDialog: {
      opened: deleteTarget !== null,
      busy: deleting,
      onCancel: () => setDeleteTarget(null),
      onConfirm: () => void confirmDelete(),
    },
  };
}
