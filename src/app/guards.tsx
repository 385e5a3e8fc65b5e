import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { useSession } from "@/lib/session";

/** Pages that need a signed-in dealer; others go to /login and come back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  const location = useLocation();
  if (status === "checking") return <PageLoader />;
  if (!user)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return children;
}

/** /login and /register send a signed-in dealer to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { user, status } = useSession();
  if (status === "checking") return <PageLoader />;
  if (user) return <Navigate to="/dashboard" replace />;
  return children;
}
