import { useParams, useSearchParams } from "react-router";
import { QuoteScreen } from "./quote-screen";

/** /quote/{id} in the full app: the shopper's page, or with ?view=dealer the owner's working view. */
export default function QuotePage() {
  const { id = "" } = useParams();
  const [searchParams] = useSearchParams();
  return <QuoteScreen id={id} dealerMode={searchParams.get("view") === "dealer"} />;
}
