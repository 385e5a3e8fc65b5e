import { Suspense } from "react";
import { Outlet, useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { AppFrame } from "./app-frame";
import { isShopperQuotePage } from "./app-header";
import { LazyNotifications } from "./lazy-notifications";

export function AppLayout() {
  const location = useLocation();
  // The shopper's page is the dealership's: it names the dealership and asks nobody to sign in.
  const shopperPage = isShopperQuotePage(location.pathname, location.search);
  // Notices are the dealer screens'; the landing page and the shopper's page never load their code.
  const notices = !shopperPage && location.pathname !== "/";
  return (
    <AppFrame offerSignIn={!shopperPage} notifications={notices ? <LazyNotifications /> : null}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}
