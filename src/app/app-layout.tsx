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
  return (
    <AppFrame offerSignIn={!shopperPage} notifications={shopperPage ? null : <LazyNotifications />}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </AppFrame>
  );
}
