import { Button, Group } from "@mantine/core";
import { SHEET_TEXT } from "@shared/sheet-messages";
import { STRUCTURES_TEXT } from "@shared/structure-messages";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
import { apiRequest } from "@/lib/api";

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
  const reopen = async () => {
    try {
      await apiRequest<{ locked: boolean }>(`/quotes/${encodeURIComponent(quoteId)}/unlock`, {
        method: "POST",
        body: {},
        auth: true,
      });
      onReopened();
    } catch (error) {
      console.error("The deal could not be reopened", error);
    }
  };
  return (
    <Notice tone="success" data-testid="deal-accepted">
      {STRUCTURES_TEXT.customerAccepted(version)}
      <Group gap="xs" mt={8}>
        <Button size="xs" variant="default" onClick={() => void reopen()}>
          {STRUCTURES_TEXT.reopenDeal}
        </Button>
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
