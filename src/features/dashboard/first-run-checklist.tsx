// The owner's first-run checklist (issue #14): four steps after sign-up, above the quote list.
// Gone once every step is done or the owner dismisses it (both stored by the server).

import {
  Anchor,
  Button,
  CloseButton,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { CHECKLIST_STEPS, type Checklist, type ChecklistStep } from "@shared/schemas/checklist";
import { CHECKLIST_TEXT } from "@shared/text/dealer-messages";
import { CORE_MSG } from "@shared/text/page-text";
import { IconCircle, IconCircleCheckFilled } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { Notice } from "@/components/notice";
import { errorText } from "@/lib/api";
import { markChecklist } from "./checklist-api";

/** Where a step is done (sharing is done from a quote's page or row: no link). */
const STEP_LINKS: Partial<Record<ChecklistStep, string>> = {
  profile: "/settings/contact-information",
  taxesAndFees: "/settings/quote-defaults/taxes",
  firstQuote: "/quote/new",
};

/** The checklist as loaded by the dashboard (use-checklist.ts); `onChange`: the server's answer to a mark. */
export function FirstRunChecklist({
  checklist,
  onChange,
}: {
  checklist: Checklist;
  onChange(checklist: Checklist): void;
}) {
  const [error, setError] = useState<string | null>(null);
  if (!checklist.show) return null;
  const done = CHECKLIST_STEPS.filter((step) => checklist.steps[step]).length;
  const mark = (what: "taxesAndFees" | "dismissed") => {
    setError(null);
    markChecklist(what).then(onChange, (caught: unknown) =>
      setError(errorText(caught, CORE_MSG.internalError)),
    );
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: "sm", sm: "md" }}
      component="section"
      aria-labelledby="checklist-title"
      data-testid="first-run-checklist"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Title order={2} fz="h4" id="checklist-title">
              {CHECKLIST_TEXT.title}
            </Title>
            <Text size="sm" className="dd-secondary-text" data-testid="checklist-progress">
              {CHECKLIST_TEXT.progress(done, CHECKLIST_STEPS.length)}
            </Text>
          </div>
          <CloseButton
            aria-label={CHECKLIST_TEXT.dismiss}
            title={CHECKLIST_TEXT.dismiss}
            onClick={() => mark("dismissed")}
          />
        </Group>
        <Progress value={(done / CHECKLIST_STEPS.length) * 100} size="sm" aria-hidden="true" />
        {error ? <Notice tone="error">{error}</Notice> : null}
        <List
          spacing="sm"
          listStyleType="none"
          styles={{ itemWrapper: { width: "100%", alignItems: "flex-start" }, itemIcon: { marginTop: 1 } }}
        >
          {CHECKLIST_STEPS.map((step) => {
            const words = CHECKLIST_TEXT.steps[step];
            const complete = checklist.steps[step];
            const link = STEP_LINKS[step];
            return (
              <List.Item
                key={step}
                data-testid={`checklist-${step}`}
                data-done={complete}
                icon={
                  complete ? (
                    <IconCircleCheckFilled
                      size={22}
                      color="var(--mantine-color-green-7)"
                      aria-hidden="true"
                    />
                  ) : (
                    <IconCircle size={22} aria-hidden="true" />
                  )
                }
              >
                <Text fw={600} td={complete ? "line-through" : undefined}>
                  {words.label}
                  {complete ? <VisuallyHidden> ({CHECKLIST_TEXT.done})</VisuallyHidden> : null}
                </Text>
                {complete ? null : (
                  <>
                    <Text size="sm" className="dd-secondary-text">
                      {words.hint}
                    </Text>
                    <Group gap="sm" mt={4}>
                      {link && "action" in words ? (
                        <Anchor component={Link} to={link} size="sm">
                          {words.action}
                        </Anchor>
                      ) : null}
                      {step === "taxesAndFees" ? (
                        <Button size="compact-sm" variant="light" onClick={() => mark("taxesAndFees")}>
                          {CHECKLIST_TEXT.steps.taxesAndFees.mark}
                        </Button>
                      ) : null}
                    </Group>
                  </>
                )}
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
