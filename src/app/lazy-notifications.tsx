import { lazy, Suspense } from "react";

const Notifications = lazy(() => import("./notifications-host"));

/** Dealer screens show notices; the shopper's quote page does not, so it never loads their code. */
export function LazyNotifications() {
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
