import type { ReactNode } from "react";
import type { Banner, NoticeTone } from "@/lib/use-banner";
import classes from "./notice.module.css";
import { PlainIcon } from "./plain-icons";

interface NoticeProps {
  tone: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Shows a Dismiss button. */
  onClose?: () => void;
  "data-testid"?: string;
}

/**
 * The one banner for page-level states (offline, expired, preview) and form results. Errors are
 * announced at once (role=alert), everything else politely (role=status).
 */
export function Notice({ tone, title, children, onClose, "data-testid": testId }: NoticeProps) {
  return (
    <div
      className={classes.notice}
      data-tone={tone}
      role={tone === "error" ? "alert" : "status"}
      data-testid={testId}
    >
      <PlainIcon name={tone} size={20} className={classes.icon} />
      <div className={classes.body}>
        {title ? <div className={classes.title}>{title}</div> : null}
        {children}
      </div>
      {onClose ? (
        <button type="button" className={classes.close} aria-label="Dismiss" onClick={onClose}>
          <PlainIcon name="close" size={16} />
        </button>
      ) : null}
    </div>
  );
}

/** A page's banner state shown, or nothing. */
export function BannerNotice({ banner, onClose }: { banner: Banner | null; onClose(): void }) {
  return banner ? (
    <Notice tone={banner.tone} onClose={onClose}>
      {banner.text}
    </Notice>
  ) : null;
}
