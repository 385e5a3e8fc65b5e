import { Button, Group, Text } from "@mantine/core";
import { SHEET_TEXT } from "@shared/text/sheet-messages";
import { STRUCTURES_TEXT } from "@shared/text/structure-messages";
import { useState } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
import { unlockQuote } from "./dealer-api";

// Issue #19, dealer only: the customer accepted a version; the deal is locked until the dealer
// reopens it (POST /api/quotes/:id/unlock) to change it and save a counter-offer.

export default function AcceptedBanner({
  quoteId,
  version,
  onReopened,
}: {
  quoteId: string;
  version: number;
  onReopened(): void;
}) {
  // Issue #46: unlocking a deal the customer signed is not a one-tap action: it asks first.
  const [asking, setAsking] = useState(false);
  const reopen = async () => {
    try {
      await unlockQuote(quoteId);
      onReopened();
    } catch (error) {
      console.error("The deal could not be reopened", error);
    }
  };
  return (
    <Notice tone="success" data-testid="deal-accepted">
      {STRUCTURES_TEXT.customerAccepted(version)}
      {asking ? (
        <div role="alert" data-testid="reopen-confirm">
          <Text size="sm" mt={8}>
            {STRUCTURES_TEXT.reopenConfirm(version)}
          </Text>
          <Group gap="xs" mt={8}>
            <Button size="xs" color="orange" onClick={() => void reopen()}>
              {STRUCTURES_TEXT.reopenConfirmed}
            </Button>
            <Button size="xs" variant="default" onClick={() => setAsking(false)} data-autofocus>
              {STRUCTURES_TEXT.keepAccepted}
            </Button>
          </Group>
        </div>
      ) : null}
      <Group gap="xs" mt={8}>
        {asking ? null : (
          <Button size="xs" variant="default" onClick={() => setAsking(true)}>
            {STRUCTURES_TEXT.reopenDeal}
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={`/quote/${encodeURIComponent(quoteId)}/versions/${version}/sheet?view=dealer`}
        >
          {SHEET_TEXT.sheetOfVersion(version)}
        </Button>
      </Group>
    </Notice>
  );
}
