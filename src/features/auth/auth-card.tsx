import { Anchor, Paper, Stack, Text, Title } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
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

/** A signed-out form: its failure on top, its fields and button, then its links. */
export function AuthForm({
  onSubmit,
  error,
  links,
  children,
}: {
  onSubmit(event?: FormEvent<HTMLFormElement>): void;
  error: ReactNode;
  /** AuthLink rows under the button. */
  links?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        {error ? <Notice tone="error">{error}</Notice> : null}
        {children}
        {links}
      </Stack>
    </form>
  );
}

/** "Already have an account? Log in": a centred link to another signed-out page. */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}
