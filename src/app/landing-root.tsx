import LandingPage from "@/features/landing/landing-page";
import type { PageData } from "../lib/page-data";
import { AppFrame } from "./app-frame";
import { AppRoot } from "./app-root";

// What the landing page (/) is, on the server (src/entry-server.tsx, at build time) and in the
// browser (src/landing-main.tsx): the app's providers and frame around the landing page, without
// react-router and the full app's routes (issue #52: the landing page loads only what it shows).
// Its links are plain links (src/lib/app-link.tsx): Sign In and Get Started load the full app.
// Inside the full app (a link back to /) the same page renders under its route (routes.tsx).

export function LandingRoot({ pageData }: { pageData: PageData }) {
  return (
    <AppRoot pageData={pageData}>
      <AppFrame offerSignIn>
        <LandingPage />
      </AppFrame>
    </AppRoot>
  );
}
