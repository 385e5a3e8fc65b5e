import { CORE_MSG, QUOTE_TEXT, TEXT } from "@shared/text/page-text";
import buttonClasses from "@/components/button.module.css";
import { PageContainer } from "@/components/page-container";
import { AppLink } from "@/lib/app-link";
import { usePageTitle } from "@/lib/page-title";
import classes from "./quote-states.module.css";

// Plain elements: the shopper's page (which opens without Mantine) shows these states too.
const buttonClass = `${buttonClasses.button} mantine-focus-auto mantine-active`;

/** Spec §2: the quote page shows 'Loading...' until loaded. */
export function QuoteLoading() {
  return (
    <div className={classes.loading}>
      <div className={classes.stack} role="status">
        <span className={classes.loader} aria-hidden="true" />
        <p className="dd-text">{TEXT.loading}</p>
      </div>
    </div>
  );
}

/** A quote that does not exist, was deleted, or is another dealer's: say so and offer a way back. */
export function QuoteNotFound({ dealerMode }: { dealerMode: boolean }) {
  usePageTitle(CORE_MSG.quoteNotFound);
  return (
    <PageContainer>
      <div className={classes.state} data-testid="quote-not-found">
        <h1 className="dd-h1">{CORE_MSG.quoteNotFound}</h1>
        <p className="dd-text dd-secondary-text">{QUOTE_TEXT.notFoundText}</p>
        {dealerMode ? (
          <AppLink to="/dashboard" className={buttonClass}>
            {QUOTE_TEXT.backToDashboard}
          </AppLink>
        ) : (
          <AppLink to="/" className={buttonClass}>
            {QUOTE_TEXT.goHome}
          </AppLink>
        )}
      </div>
    </PageContainer>
  );
}

/** Any other load failure (spec §8: only logged): the page offers to try again instead of loading for ever. */
export function QuoteLoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <PageContainer>
      <div className={classes.state}>
        <h1 className="dd-h1">{TEXT.quoteDetails}</h1>
        <p className="dd-text dd-secondary-text">{QUOTE_TEXT.loadFailed}</p>
        <button type="button" className={buttonClass} onClick={onRetry}>
          {TEXT.tryAgain}
        </button>
      </div>
    </PageContainer>
  );
}
