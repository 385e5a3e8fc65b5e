import { TEXT } from "@shared/text/page-text";
import { useEffect } from "react";

/** Every browser tab reads "<page> · DealDesk" (the shopper's quote page names the dealership instead). */
export const pageTitle = (page: string): string => `${page} · ${TEXT.productName}`;

export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
