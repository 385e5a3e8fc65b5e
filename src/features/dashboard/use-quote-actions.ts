// What the dashboard's per-quote buttons do: open, copy the shopper link,
// delete after the confirmation dialog. Notices use the spec §8 words and
// hide after NOTICE_HIDE_MS.

import { notifications } from "@mantine/notifications";
import { NOTICE_HIDE_MS } from "@shared/constants";
import { copyLinkFailed } from "@shared/dealer-messages";
import { MSG } from "@shared/messages";
import { useState } from "react";
import { useNavigate } from "react-router";
import { copyText } from "@/lib/clipboard";
import type { QuoteActionHandlers } from "./quote-actions";
import { type DashboardQuote, shopperLink } from "./quote-list-view";
import { deleteQuote } from "./quotes-api";

function notify(message: string, ok: boolean) {
  notifications.show({ message, color: ok ? "green" : "red", autoClose: NOTICE_HIDE_MS });
}

export function useQuoteActions(onDeleted: (id: string) => void) {
  const navigate = useNavigate();
  const [deleteTarget, setDeleteTarget] = useState<DashboardQuote | null>(null);
  const [deleting, setDeleting] = useState(false);

  const open = (quote: DashboardQuote) => navigate(`/quote/${encodeURIComponent(quote.id)}?view=dealer`);

  const handlers: QuoteActionHandlers = {
    onEdit: open,
    onCopyLink: (quote) => {
      const link = shopperLink(window.location.origin, quote.id);
      void copyText(link).then((copied) =>
        copied ? notify(MSG.quoteLinkCopied, true) : notify(copyLinkFailed(link), false),
      );
    },
    onDelete: setDeleteTarget,
  };

  const confirmDelete = async () => {
    if (!deleteTarget) return;
    setDeleting(true);
    try {
      await deleteQuote(deleteTarget.id);
      onDeleted(deleteTarget.id);
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
