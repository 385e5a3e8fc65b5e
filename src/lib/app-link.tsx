import {
  type AnchorHTMLAttributes,
  type ComponentType,
  createContext,
  forwardRef,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
} from "react";

// Links and redirects for components that both the full app (react-router) and the shopper's
// quote page (no router: its opening load is React, the live channel and our own code only, see
// decision 008) render. Without a provider a link is a plain <a href> and a navigation loads the
// page; src/app/router-navigation.tsx binds both to the router inside the full app.

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

type NavigateOptions = { replace?: boolean; state?: unknown };

export interface AppNavigation {
  Link: ComponentType<AppLinkProps & { ref?: Ref<HTMLAnchorElement> }>;
  navigate(to: string, options?: NavigateOptions): void;
}

const PlainLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function PlainLink({ to, ...props }, ref) {
  return <a ref={ref} href={to} {...props} />;
});

/**
 * A full page load to `to`. The state is kept where react-router's BrowserRouter reads it
 * (history.state.usr), so that the full app opening there sees it as its location state: /login
 * brings the dealer back to where they were.
 */
function loadPage(to: string, { replace = false, state }: NavigateOptions = {}) {
  const entry = { usr: state ?? null, key: Math.random().toString(36).slice(2, 10), idx: 0 };
  if (replace) window.history.replaceState(entry, "", to);
  else window.history.pushState(entry, "", to);
  window.location.reload();
}

const NavigationContext = createContext<AppNavigation>({ Link: PlainLink, navigate: loadPage });

export function NavigationProvider({ value, children }: { value: AppNavigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** A link to a page of the app: the router's in the full app, a plain one on the shopper's page. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  const { Link } = useContext(NavigationContext);
  return <Link ref={ref} {...props} />;
});

export function useAppNavigate(): AppNavigation["navigate"] {
  return useContext(NavigationContext).navigate;
}

/** Goes to `to` as soon as it renders (replacing the current entry), as react-router's <Navigate>. */
export function Redirect({ to, state }: { to: string; state?: unknown }) {
  const navigate = useAppNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mounting (the state is a new object each render).
  useEffect(() => navigate(to, { replace: true, state }), []);
  return null;
}
