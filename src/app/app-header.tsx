import { lazy, Suspense } from "react";
import buttonClasses from "@/components/button.module.css";
import { ColorSchemeToggle } from "@/components/color-scheme-toggle";
import { Logo } from "@/components/logo";
import { MantineScope } from "@/components/mantine-scope";
import { AppLink } from "@/lib/app-link";
import { initials, useSession } from "@/lib/session";
import classes from "./app-header.module.css";

// The avatar menu (Mantine's Menu) is its own chunk: a shopper's page never loads the popover code.
const UserMenu = lazy(() => import("./user-menu"));

/** The shopper's quote link (not the dealer's working view, not /quote/new). */
export function isShopperQuotePage(pathname: string, search: string): boolean {
  return /^\/quote\/(?!new$)[^/]+$/.test(pathname) && new URLSearchParams(search).get("view") !== "dealer";
}

/**
 * The bar on top of every page: home, the colour scheme, and the account menu or Sign In. Plain
 * elements, as the shopper's quote page (which opens without Mantine) shows it too.
 */
export function AppHeader({ offerSignIn }: { offerSignIn: boolean }) {
  const { user, status } = useSession();
  return (
    <header className={classes.header}>
      <div className={classes.bar}>
        <AppLink to="/" aria-label="DealDesk home" className={classes.home}>
          <Logo />
        </AppLink>
        <div className={classes.actions}>
          <ColorSchemeToggle />
          {user ? (
            <Suspense fallback={<AvatarPlaceholder text={initials(user)} />}>
              <MantineScope>
                <UserMenu user={user} />
              </MantineScope>
            </Suspense>
          ) : status === "ready" && offerSignIn ? (
            <AppLink to="/login" className={`${buttonClasses.button} mantine-focus-auto mantine-active`}>
              Sign In
            </AppLink>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** Mantine's filled brand Avatar, while the menu's chunk loads. */
function AvatarPlaceholder({ text }: { text: string }) {
  return (
    <span className={classes.avatar} aria-hidden="true">
      {text}
    </span>
  );
}
