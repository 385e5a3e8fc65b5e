import { Text, Title } from "@mantine/core";
import { PageContainer } from "./page-container";

/** Shown only by routes whose screens are still being built. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <PageContainer>
      <Title order={1}>{title}</Title>
      <Text mt="sm" className="dd-secondary-text">
        This screen is coming soon.
      </Text>
    </PageContainer>
  );
}
