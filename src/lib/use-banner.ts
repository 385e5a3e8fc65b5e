import { NOTICE_HIDE_MS } from "@shared/core/constants";
import { useCallback, useEffect, useRef, useState } from "react";

export type NoticeTone = "info" | "success" | "warning" | "error";

/** What a page keeps in state for its one banner (components/notice.tsx shows it). */
export type Banner = { tone: NoticeTone; text: string };

/**
 * A page's one banner (components/notice.tsx): success notices fade like the toasts (spec §9),
 * errors stay until the next action.
 */
export function useBanner(): [Banner | null, (next: Banner | null) => void] {
  const [banner, setBannerState] = useState<Banner | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const setBanner = useCallback((next: Banner | null) => {
    clearTimeout(hideTimer.current);
    setBannerState(next);
    if (next?.tone === "success") hideTimer.current = setTimeout(() => setBannerState(null), NOTICE_HIDE_MS);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  return [banner, setBanner];
}
