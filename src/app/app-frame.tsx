import type { ReactNode } from "react";
import classes from "./app-frame.module.css";
import { AppHeader } from "./app-header";

interface AppFrameProps {
  /** Sign In in the header (not on the shopper's quote page, which is the dealership's). */
  offerSignIn: boolean;
  /** Before the header: the dealer screens' toasts. */
  notifications?: ReactNode;
  children: ReactNode;
}

/** Skip link, header, the page and the footer: the full app's layout and the shopper's quote page. */
export function AppFrame({ offerSignIn, notifications, children }: AppFrameProps) {
  return (
    <div className={classes.frame}>
      <a href="#main" className="dd-skip-link">
        Skip to content
      </a>
      {notifications}
      <AppHeader offerSignIn={offerSignIn} />
      <main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <footer className={classes.footer}>
        <p className={`dd-text dd-text-sm dd-secondary-text ${classes.copyright}`}>
          © {new Date().getFullYear()} DealDesk. All rights reserved.
        </p>
      </footer>
    </div>
  );
}
