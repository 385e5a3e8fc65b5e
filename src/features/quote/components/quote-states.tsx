import { Button, Center, Loader, Stack, Text } from "@mantine/core";
import { MSG, QUOTE_TEXT, TEXT } from "@shared/messages";
import { Link } from "react-router";
import { PageContainer } from "@/components/page-container";
import { usePageTitle } from "@/lib/page-title";

/** Spec §2: the quote page shows 'Loading...' until loaded. */
export function QuoteLoading() {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" role="status">
        <Loader size="md" aria-hidden="true" />
        <Text>{TEXT.loading}</Text>
      </Stack>
    </Center>
  );
}

/** A quote that does not exist, was deleted, or is another dealer's: say so and offer a way back. */
export function QuoteNotFound({ dealerMode }: { dealerMode: boolean }) {
  usePageTitle(MSG.quoteNotFound);
  return (
    <PageContainer>
      <Stack align="flex-start" gap="sm" data-testid="quote-not-found">
        <h1 className="dd-h1">{MSG.quoteNotFound}</h1>
        <Text className="dd-secondary-text">{QUOTE_TEXT.notFoundText}</Text>
        {dealerMode ? (
          <Button component={Link} to="/dashboard">
            {QUOTE_TEXT.backToDashboard}
          </Button>
        ) : (
          <Button component={Link} to="/">
            {QUOTE_TEXT.goHome}
          </Button>
        )}
      </Stack>
    </PageContainer>
  );
}

/** Any other load failure (spec §8: only logged): the page offers to try again instead of loading for ever. */
export function QuoteLoadFailed({ onRetry }: { onRetry(): void }) {
  return (
    <PageContainer>
      <Stack align="flex-start" gap="sm">
        <h1 className="dd-h1">{TEXT.quoteDetails}</h1>
        <Text className="dd-secondary-text">{QUOTE_TEXT.loadFailed}</Text>
        <Button onClick={onRetry}>{TEXT.tryAgain}</Button>
      </Stack>
    </PageContainer>
  );
}
