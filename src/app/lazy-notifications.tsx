import { lazy, Suspense } from "react";

const Notifications = lazy(() => import("./notifications-host"));

/** The dealer screens' notices (src/app/app-layout.tsx leaves them off the landing and shopper pages). */
export function LazyNotifications() {
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}
