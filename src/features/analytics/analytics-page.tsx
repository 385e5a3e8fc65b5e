import {
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { AnalyticsResponse } from "@shared/analytics/analytics";
import { ANALYTICS_MSG, ANALYTICS_TEXT as T } from "@shared/analytics/analytics-text";
import type { TeamMember } from "@shared/core/api-types";
import { seesEveryQuote } from "@shared/rules/permissions";
import { IconDownload } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { PageContainer } from "@/components/page-container";
import { errorText } from "@/lib/api";
import { downloadDeskLog } from "@/lib/desk-log-export";
import { notify } from "@/lib/notify";
import { usePageTitle } from "@/lib/page-title";
import { useSession } from "@/lib/session";
import { loadAnalytics, loadTeam, queryString } from "./analytics-api";
import AnalyticsFigures from "./analytics-charts";
import {
  customRange,
  type DateRange,
  dateInputValue,
  presetRange,
  RANGE_KINDS,
  type RangeKind,
} from "./date-ranges";

// /analytics (issue #40): where deals stall. Owners and managers see the dealership's figures and
// may narrow them to one salesperson (and export that desk log); a salesperson sees their own.
// The route is its own chunk, with the charts in it (analytics-charts.tsx).

type Load =
  | { state: "loading" }
  | { state: "ready"; data: AnalyticsResponse }
  | { state: "failed"; message: string };

const fullName = (member: TeamMember) => `${member.firstName} ${member.lastName}`.trim();

export default function AnalyticsPage() {
  usePageTitle(T.title);
  const { user } = useSession();
  const manager = user ? seesEveryQuote(user) : false;
  const [kind, setKind] = useState<RangeKind>("last30");
  const [today] = useState(() => new Date());
  const [custom, setCustom] = useState(() => {
    const last30 = presetRange("last30", today);
    return { from: dateInputValue(last30.from), to: dateInputValue(new Date(last30.to.getTime() - 1)) };
  });
  const [salesperson, setSalesperson] = useState<string | null>(null);
  const [team, setTeam] = useState<TeamMember[]>([]);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);

  const range: DateRange | null = useMemo(
    () => (kind === "custom" ? customRange(custom.from, custom.to) : presetRange(kind, today)),
    [kind, custom, today],
  );
  const rangeKey = range ? `${range.from.getTime()}-${range.to.getTime()}` : "";

  useEffect(() => {
    if (!manager) return;
    const controller = new AbortController();
    loadTeam(controller.signal)
      .then(setTeam)
      .catch(() => {});
    return () => controller.abort();
  }, [manager]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rangeKey stands for range; attempt retries.
  useEffect(() => {
    if (!range) return;
    const controller = new AbortController();
    setLoad({ state: "loading" });
    loadAnalytics({ range, salesperson }, controller.signal)
      .then((data) => setLoad({ state: "ready", data }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setLoad({ state: "failed", message: errorText(error, ANALYTICS_MSG.loadFailed) });
      });
    return () => controller.abort();
  }, [rangeKey, salesperson, attempt]);

  // The input's value is read before the state update runs: by then React has let go of the event.
  const setCustomDay = (end: "from" | "to", value: string) => setCustom((c) => ({ ...c, [end]: value }));

  const exportCsv = () => {
    if (!range) return;
    downloadDeskLog(new URLSearchParams(queryString({ range, salesperson }))).catch((error: unknown) =>
      notify(errorText(error, ANALYTICS_MSG.exportFailed), false),
    );
  };

  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" gap="sm">
          <Stack gap={4}>
            <Title order={1}>{T.title}</Title>
            <Text>{manager ? T.intro : `${T.yourFigures}. ${T.intro}`}</Text>
          </Stack>
          {manager && (
            <Button
              variant="default"
              onClick={exportCsv}
              leftSection={<IconDownload size={18} aria-hidden="true" />}
            >
              {T.exportCsv}
            </Button>
          )}
        </Group>
        <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }}>
          <Stack gap="sm">
            <Group gap="md" align="flex-end" wrap="wrap">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="analytics-range-label">
                  {T.range}
                </Text>
                <SegmentedControl
                  aria-labelledby="analytics-range-label"
                  value={kind}
                  onChange={(value) => setKind(value as RangeKind)}
                  data={RANGE_KINDS.map((value) => ({ value, label: T.ranges[value] }))}
                  styles={{ root: { flexWrap: "wrap" } }}
                />
              </Stack>
              {manager && (
                <Select
                  label={T.salesperson}
                  value={salesperson ?? ""}
                  onChange={(value) => setSalesperson(value ? value : null)}
                  data={[
                    { value: "", label: T.everyone },
                    ...team.map((member) => ({ value: member.id, label: fullName(member) })),
                  ]}
                  allowDeselect={false}
                  w={220}
                  data-testid="analytics-salesperson"
                />
              )}
            </Group>
            {kind === "custom" && (
              <Group gap="sm" wrap="wrap" aria-label={T.customRange} role="group">
                <TextInput
                  type="date"
                  label={T.from}
                  value={custom.from}
                  onChange={(e) => setCustomDay("from", e.currentTarget.value)}
                />
                <TextInput
                  type="date"
                  label={T.to}
                  value={custom.to}
                  error={range ? undefined : ANALYTICS_MSG.rangeBackwards}
                  onChange={(e) => setCustomDay("to", e.currentTarget.value)}
                />
              </Group>
            )}
          </Stack>
        </Paper>
        {load.state === "loading" && (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text>{T.loading}</Text>
          </Group>
        )}
        {load.state === "failed" && (
          <Paper withBorder radius="md" p="md" role="alert">
            <Group justify="space-between">
              <Text>{load.message}</Text>
              <Button variant="default" onClick={() => setAttempt((n) => n + 1)}>
                {T.tryAgain}
              </Button>
            </Group>
          </Paper>
        )}
        {load.state === "ready" && <AnalyticsFigures data={load.data} />}
      </Stack>
    </PageContainer>
  );
}
