import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { MSG } from "@shared/text/messages";
import { TEXT } from "@shared/text/page-text";
import type { ReactNode } from "react";
import { BannerNotice, Notice } from "@/components/notice";
import { PageLoader } from "@/components/page-loader";
import type { Banner } from "@/lib/use-banner";

// The frame of a one-form defaults page (Tax rules, Payment options): title, intro, the page's
// banner, the read-only note for a salesperson, then Try Again, the loader or the form.

interface DefaultsPageFrameProps {
  title: string;
  intro: string;
  banner: Banner | null;
  onCloseBanner(): void;
  editable: boolean;
  failed: boolean;
  onRetry(): void;
  /** The form, once loaded; null while loading. */
  children: ReactNode | null;
}

export function DefaultsPageFrame(props: DefaultsPageFrameProps) {
  const { title, intro, banner, onCloseBanner, editable, failed, onRetry, children } = props;
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Text className="dd-secondary-text">{intro}</Text>
      <BannerNotice banner={banner} onClose={onCloseBanner} />
      {!editable && (
        <Notice tone="info" data-testid="defaults-read-only">
          {MSG.defaultsReadOnly}
        </Notice>
      )}
      {failed ? (
        <div>
          <Button variant="default" onClick={onRetry}>
            {TEXT.tryAgain}
          </Button>
        </div>
      ) : children === null ? (
        <PageLoader />
      ) : (
        <Paper withBorder radius="md" p="lg">
          {children}
        </Paper>
      )}
    </Stack>
  );
}
