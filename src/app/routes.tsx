import { lazy } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { AppLayout } from "./app-layout";
import { GuestOnly, RequireAuth } from "./guards";

// Every page is its own chunk, so the shopper's quote page loads none of the dealer's screens.
const LandingPage = lazy(() => import("@/features/landing/landing-page"));
const LoginPage = lazy(() => import("@/features/auth/login-page"));
const RegisterPage = lazy(() => import("@/features/auth/register-page"));
const ForgotPasswordPage = lazy(() => import("@/features/auth/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("@/features/auth/reset-password-page"));
const DashboardPage = lazy(() => import("@/features/dashboard/dashboard-page"));
const NewQuotePage = lazy(() => import("@/features/dashboard/new-quote-page"));
const QuotePage = lazy(() => import("@/features/quote/quote-page"));
const SettingsLayout = lazy(() => import("@/features/settings/settings-layout"));
const SettingsHome = lazy(() => import("@/features/settings/settings-home"));
const AccountPage = lazy(() => import("@/features/settings/account-page"));
const ContactInformationPage = lazy(() => import("@/features/settings/contact-information-page"));
const AddOnsPage = lazy(() => import("@/features/settings/add-ons-page"));
const TaxesPage = lazy(() => import("@/features/settings/taxes-page"));
const DealerFeesPage = lazy(() => import("@/features/settings/dealer-fees-page"));
const GovernmentFeesPage = lazy(() => import("@/features/settings/government-fees-page"));
const InterestRatesPage = lazy(() => import("@/features/settings/interest-rates-page"));

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: "/", element: <LandingPage /> },
      {
        path: "/login",
        element: (
          <GuestOnly>
            <LoginPage />
          </GuestOnly>
        ),
      },
      {
        path: "/register",
        element: (
          <GuestOnly>
            <RegisterPage />
          </GuestOnly>
        ),
      },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      {
        path: "/dashboard",
        element: (
          <RequireAuth>
            <DashboardPage />
          </RequireAuth>
        ),
      },
      { path: "/profile", element: <Navigate to="/settings/account" replace /> },
      {
        path: "/quote/new",
        element: (
          <RequireAuth>
            <NewQuotePage />
          </RequireAuth>
        ),
      },
      { path: "/quote/:id", element: <QuotePage /> },
      {
        path: "/settings",
        element: (
          <RequireAuth>
            <SettingsLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <SettingsHome /> },
          { path: "account", element: <AccountPage /> },
          { path: "contact-information", element: <ContactInformationPage /> },
          { path: "quote-defaults/add-ons", element: <AddOnsPage /> },
          { path: "quote-defaults/taxes", element: <TaxesPage /> },
          { path: "quote-defaults/dealer-fees", element: <DealerFeesPage /> },
          { path: "quote-defaults/government-fees", element: <GovernmentFeesPage /> },
          { path: "quote-defaults/interest-rates", element: <InterestRatesPage /> },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
