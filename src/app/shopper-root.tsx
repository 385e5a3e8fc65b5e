import { MantineScopeProvider } from "@/components/mantine-scope";
import { QuoteScreen } from "@/features/quote/quote-screen";
import { resilientLazy } from "@/lib/resilient-lazy";
import { SessionProvider } from "@/lib/session";
import { type PageData, PageDataProvider } from "../lib/page-data";
import { AppFrame } from "./app-frame";

// What the shopper's quote link (/quote/{id} without ?view=dealer) renders, on the server
// (src/entry-server.tsx) and in the browser (src/shopper-main.tsx): React, the live channel and our
// own code, without react-router or Mantine's components (decision 008). Its links are plain links
// (src/lib/app-link.tsx) to the full app; what needs Mantine (the dialogs, the comparison card, the
// account menu) brings Mantine's provider along when it loads.

const loadShopperMantine = () => import("./shopper-mantine");
const shopperMantine = { Provider: resilientLazy(loadShopperMantine), preload: loadShopperMantine };

export function ShopperRoot({ quoteId, pageData }: { quoteId: string; pageData: PageData }) {
  return (
    <PageDataProvider value={pageData}>
      <SessionProvider>
        <MantineScopeProvider scope={shopperMantine}>
          <AppFrame offerSignIn={false}>
            <QuoteScreen id={quoteId} dealerMode={false} />
          </AppFrame>
        </MantineScopeProvider>
      </SessionProvider>
    </PageDataProvider>
  );
}
