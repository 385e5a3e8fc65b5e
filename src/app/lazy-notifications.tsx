import { lazy, Suspense } from "react";
import { useLocation } from "react-router";

const Notifications = lazy(() => import("./notifications-host"));

/**
 * Dealer screens show notices; the shopper's quote page does not, so it never loads their code.
 * A shopper link is /quote/{id} without view=dealer.
 */
export function LazyNotifications() {
  const location = useLocation();
  const shopperPage =
    /^\/quote\/(?!new$)[^/]+$/.test(location.pathname) &&
    new URLSearchParams(location.search).get("view") !== "dealer";
  if (shopperPage) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
