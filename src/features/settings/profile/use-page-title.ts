import { TEXT } from "@shared/messages";
import { useEffect } from "react";

/** The browser tab reads "<page> | DealDesk". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${TEXT.productName}`;
  }, [title]);
}
