import { Box } from "@mantine/core";
import { QUOTE_TEXT } from "@shared/text/page-text";
import { Notice } from "@/components/notice";

/** Inside a dialog: the other side changed a value it shows while it was open. */
export function UpdatedNotice({ show, isDealer }: { show: boolean; isDealer: boolean }) {
  if (!show) return null;
  return (
    <Box mb="sm">
      <Notice tone="info" data-testid="dialog-updated">
        {isDealer ? QUOTE_TEXT.updatedByCustomer : QUOTE_TEXT.updatedByDealer}
      </Notice>
    </Box>
  );
}
