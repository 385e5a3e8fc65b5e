// Issue #36: the stale editor's notices, one per key the server did not apply (decision 016),
// each answered *Use mine* (a fresh edit of the value written before) or *OK*. A chunk of its
// own: it shows only after a conflict, and its words are not part of the shopper's opening code.

import { conflictText } from "@shared/history/offline-conflicts";
import type { OfflineConflict } from "@shared/live/stale-edits-wire";
import { QUOTE_TEXT } from "@shared/text/page-text";
import buttonClasses from "@/components/button.module.css";
import { Notice } from "@/components/notice";
import classes from "./quote-view.module.css";

export default function StaleEditNotices({
  conflicts,
  onKeepMine,
  onDismiss,
}: {
  conflicts: readonly OfflineConflict[];
  onKeepMine(key: string): void;
  onDismiss(key: string): void;
}) {
  return conflicts.map((conflict) => (
    <Notice tone="warning" key={conflict.key} data-testid="offline-conflict">
      <p className="dd-text dd-text-sm">{conflictText(conflict)}</p>
      <div className={classes.conflictActions}>
        <button
          type="button"
          className={`${buttonClasses.button} mantine-focus-auto mantine-active`}
          onClick={() => onKeepMine(conflict.key)}
        >
          {QUOTE_TEXT.useMine}
        </button>
        <button
          type="button"
          className={`${buttonClasses.button} ${buttonClasses.subtle} mantine-focus-auto mantine-active`}
          onClick={() => onDismiss(conflict.key)}
        >
          {QUOTE_TEXT.conflictOk}
        </button>
      </div>
    </Notice>
  ));
}
