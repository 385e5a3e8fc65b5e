import { type ReactNode, useMemo } from "react";
import { Link, useNavigate } from "react-router";
import { type AppNavigation, NavigationProvider } from "@/lib/app-link";

/** Inside the full app, AppLink and useAppNavigate are react-router's (no page load). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const value = useMemo<AppNavigation>(
    () => ({ Link, navigate: (to, options) => navigate(to, options) }),
    [navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
