import type { ReactNode } from "react";
import classes from "./page-container.module.css";

/** Caps content at 1170px (spec §2) with side padding on phones. Plain: the shopper's page uses it too. */
export function PageContainer({ children, py = "lg" }: { children: ReactNode; py?: "lg" | "xl" }) {
  return (
    <div className={classes.container} data-py={py}>
      {children}
    </div>
  );
}
