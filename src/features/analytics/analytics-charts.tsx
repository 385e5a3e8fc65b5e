import "@mantine/charts/styles.css";
import { BarChart, DonutChart, Sparkline } from "@mantine/charts";
import { Box, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { type AnalyticsResponse, FUNNEL_STEPS, type FunnelStep } from "@shared/analytics/analytics";
import {
  durationsSentence,
  FUNNEL_LABELS,
  funnelSentence,
  percentText,
  STRUCTURE_LABELS,
  ANALYTICS_TEXT as T,
  termText,
} from "@shared/analytics/analytics-text";
import { STRUCTURE_KINDS } from "@shared/core/constants";
import { formatMoney } from "@shared/core/money";
import { Fragment, type ReactNode } from "react";
import classes from "./analytics-charts.module.css";

// The Analytics page's figures (issue #40): each chart is drawn for the eye and hidden from
// assistive technology, and a table or a sentence right under it says the same numbers for
// everyone (the Playwright specs read those). Loaded only with this page: @mantine/charts and
// recharts never reach the dealer's opening bundle or the shopper's.

const STEP_COLORS: Record<FunnelStep, string> = {
  created: "brand.6",
  shared: "teal.6",
  opened: "orange.6",
  accepted: "grape.6",
};
const STRUCTURE_COLORS = { cash: "teal.6", finance: "brand.6", lease: "orange.6" } as const;

const weekLabel = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });
const money = (dollars: number | null) => (dollars === null ? "—" : formatMoney(Math.round(dollars * 100)));

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "md" }} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * A chart for the eye; its table or sentence (the next sibling) is what assistive technology
 * reads. Inert: recharts' keyboard layer would otherwise put focus inside a hidden element.
 */
function Chart({ children }: { children: ReactNode }) {
  return (
    <Box aria-hidden="true" inert>
      {children}
    </Box>
  );
}

/** A table that scrolls sideways on a phone; the scroller takes focus so a keyboard can scroll it. */
function ScrollableTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer type="native" minWidth={minWidth} tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}

function CountTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  // A grid item grows to its content unless told otherwise: min-width 0 keeps the table's scroll
  // inside its card instead of pushing the card's grid out of it (#51). The table is as wide as its
  // words need, no wider: a fixed minimum cut two-column tables (cash downs) at a half card's edge.
  return (
    <div style={{ minWidth: 0 }}>
      <ScrollableTable label={caption} minWidth={0}>
        <Table striped withTableBorder captionSide="top">
          {/* Mantine dims captions below 4.5:1; the caption is text like any other here. */}
          <Table.Caption c="var(--mantine-color-text)">{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {head.map((cell) => (
                <Table.Th key={cell} scope="col">
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={String(row[0])}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <Table.Th key={head[i]} scope="row" fw={500}>
                      {cell}
                    </Table.Th>
                  ) : (
                    <Table.Td key={head[i]}>{cell}</Table.Td>
                  ),
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
    </div>
  );
}

/** A Mantine colour ("teal.6") as its CSS variable. */
const colorVar = (color: string) => `var(--mantine-color-${color.replace(".", "-")})`;

/**
 * The funnel as centred bars, one per step, each as wide as its count, with its name and count in a
 * column of their own beside the bars: a label never sits on a shape (#51: the "2" over its step),
 * and a step may be larger than the one before (opened without a share) without a broken shape.
 */
function FunnelBars({ funnel }: { funnel: AnalyticsResponse["funnel"] }) {
  const widest = Math.max(1, ...FUNNEL_STEPS.map((step) => funnel[step]));
  return (
    <div className={classes.funnel}>
      {FUNNEL_STEPS.map((step) => (
        <Fragment key={step}>
          <div className={classes.track}>
            <div
              className={classes.bar}
              style={{ width: `${(funnel[step] / widest) * 100}%`, background: colorVar(STEP_COLORS[step]) }}
            />
          </div>
          <Text size="sm" className={classes.label}>
            {FUNNEL_LABELS[step]}{" "}
            <Text span fw={700} inherit>
              {funnel[step]}
            </Text>
          </Text>
        </Fragment>
      ))}
    </div>
  );
}

function FunnelSection({ data }: { data: AnalyticsResponse }) {
  const { funnel } = data;
  const conversion = (step: FunnelStep) => (step === "created" ? "—" : percentText(funnel.conversion[step]));
  return (
    <Section title={T.funnelTitle} testId="analytics-funnel">
      <Chart>
        <FunnelBars funnel={funnel} />
      </Chart>
      <Text data-testid="funnel-sentence">{funnelSentence(funnel)}</Text>
      <CountTable
        caption={T.funnelTitle}
        head={["Step", "Quotes", T.conversion]}
        rows={FUNNEL_STEPS.map((step) => [FUNNEL_LABELS[step], funnel[step], conversion(step)])}
      />
    </Section>
  );
}

function WeeksSection({ data }: { data: AnalyticsResponse }) {
  const rows = data.weeks.map((week) => ({
    week: weekLabel.format(new Date(week.start)),
    ...Object.fromEntries(FUNNEL_STEPS.map((step) => [FUNNEL_LABELS[step], week[step]])),
  }));
  return (
    <Section title={T.weeksTitle} testId="analytics-weeks">
      <Chart>
        <BarChart
          h={240}
          data={rows}
          dataKey="week"
          withTooltip={false}
          withLegend
          yAxisProps={{ allowDecimals: false }}
          series={FUNNEL_STEPS.map((step) => ({ name: FUNNEL_LABELS[step], color: STEP_COLORS[step] }))}
        />
      </Chart>
      <CountTable
        caption={T.weeksTitle}
        head={[T.week, ...FUNNEL_STEPS.map((step) => FUNNEL_LABELS[step])]}
        rows={data.weeks.map((week, i) => [rows[i]?.week ?? "", ...FUNNEL_STEPS.map((step) => week[step])])}
      />
    </Section>
  );
}

function PeopleSection({ data }: { data: AnalyticsResponse }) {
  return (
    <Section title={T.peopleTitle} testId="analytics-people">
      <ScrollableTable label={T.peopleTitle} minWidth={560}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{T.salesperson}</Table.Th>
              {FUNNEL_STEPS.map((step) => (
                <Table.Th key={step} scope="col">
                  {FUNNEL_LABELS[step]}
                </Table.Th>
              ))}
              <Table.Th scope="col">{T.conversion}</Table.Th>
              <Table.Th scope="col">{T.quotesCreated}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.salespeople.map((person) => (
              <Table.Tr key={person.id}>
                <Table.Th scope="row" fw={500}>
                  {person.name}
                </Table.Th>
                {FUNNEL_STEPS.map((step) => (
                  <Table.Td key={step}>{person[step]}</Table.Td>
                ))}
                <Table.Td>
                  {percentText(person.created === 0 ? null : person.accepted / person.created)}
                </Table.Td>
                <Table.Td>
                  <Chart>
                    <Sparkline
                      w={120}
                      h={28}
                      data={person.weekly}
                      color="brand.6"
                      curveType="linear"
                      fillOpacity={0.2}
                    />
                  </Chart>
                  <Text size="xs">{person.weekly.join(", ")}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollableTable>
    </Section>
  );
}

function TimingSection({ data }: { data: AnalyticsResponse }) {
  const { shareToOpen, openToAccept } = data.timing;
  return (
    <Section title={T.timingTitle} testId="analytics-timing">
      <Text>
        <Text span fw={600}>
          {T.shareToOpen}:
        </Text>{" "}
        {durationsSentence(shareToOpen)}
      </Text>
      <Text>
        <Text span fw={600}>
          {T.openToAccept}:
        </Text>{" "}
        {durationsSentence(openToAccept)}
      </Text>
    </Section>
  );
}

function DealsSection({ data }: { data: AnalyticsResponse }) {
  const accepted = STRUCTURE_KINDS.reduce((sum, kind) => sum + data.structures[kind], 0);
  return (
    <Section title={T.dealsTitle} testId="analytics-deals">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Text>
          {T.averageOutTheDoor}: <strong>{money(data.outTheDoor.average)}</strong>
        </Text>
        <Text>
          {T.totalOutTheDoor}: <strong>{money(data.outTheDoor.total)}</strong>
        </Text>
        <Text>
          {T.dealsCounted}: <strong>{data.outTheDoor.count}</strong>
        </Text>
      </SimpleGrid>
      <Title order={3} fz="h5">
        {T.structuresTitle}
      </Title>
      {accepted === 0 ? (
        <Text>{T.none}</Text>
      ) : (
        <>
          <Chart>
            <DonutChart
              size={140}
              thickness={24}
              withTooltip={false}
              data={STRUCTURE_KINDS.filter((kind) => data.structures[kind] > 0).map((kind) => ({
                name: STRUCTURE_LABELS[kind],
                value: data.structures[kind],
                color: STRUCTURE_COLORS[kind],
              }))}
            />
          </Chart>
          <CountTable
            caption={T.structuresTitle}
            head={["Structure", T.count]}
            rows={STRUCTURE_KINDS.map((kind) => [STRUCTURE_LABELS[kind], data.structures[kind]])}
          />
        </>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {data.terms.length === 0 ? (
          <Text>
            {T.termsTitle}: {T.none}
          </Text>
        ) : (
          <CountTable
            caption={T.termsTitle}
            head={[T.term, T.count]}
            rows={data.terms.map((term) => [termText(term.structure, term.months), term.count])}
          />
        )}
        {data.downs.length === 0 ? (
          <Text>
            {T.downsTitle}: {T.none}
          </Text>
        ) : (
          <CountTable
            caption={T.downsTitle}
            head={[T.down, T.count]}
            rows={data.downs.map((down) => [money(down.down), down.count])}
          />
        )}
      </SimpleGrid>
    </Section>
  );
}

export default function AnalyticsFigures({ data }: { data: AnalyticsResponse }) {
  if (data.funnel.created === 0)
    return (
      <Paper withBorder radius="md" p="md" data-testid="analytics-empty">
        <Text>{T.noQuotes}</Text>
      </Paper>
    );
  return (
    <Stack gap="lg">
      <FunnelSection data={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TimingSection data={data} />
        <DealsSection data={data} />
      </SimpleGrid>
      <WeeksSection data={data} />
      <PeopleSection data={data} />
    </Stack>
  );
}
