import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PageContainer } from "@/components/page-container";

/** The frame of the signed-out forms: one centred card with the page's heading. */
export function AuthCard({
  title,
  subtitle,
  width = 440,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <PageContainer py="xl">
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={width} mx="auto" shadow="sm">
        <Stack gap="xs" mb="lg">
          <Title order={1} fz={{ base: "1.6rem", sm: "2rem" }}>
            {title}
          </Title>
          {subtitle ? <Text className="dd-secondary-text">{subtitle}</Text> : null}
        </Stack>
        {children}
      </Paper>
    </PageContainer>
  );
}
