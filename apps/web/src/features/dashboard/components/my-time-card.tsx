import { Alert, Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { formatDisplayHours, formatMoney, isoToDisplayDate, type MyTime } from '@matterhorn/shared';
import { LEGEND_LINE_HEIGHT } from './figure-chart-card.tsx';
import { chartRowsOf, describeMyTime, formatHours } from './my-time-figures.ts';
import { PendingLine } from './pending-line.tsx';

const CHART_HEIGHT = 240;
/** The chart with the first line of uPlot's legend under it. */
const CHART_AREA_HEIGHT = CHART_HEIGHT + LEGEND_LINE_HEIGHT;
const MyTimeBars = lazy(() => import('./my-time-bars.tsx'));

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`my-time-${label}`}>
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      )}
    </div>
  );
}

/** The chart with a table of the same figures for screen readers (the bars themselves say nothing). */
function MyTimeChart({ myTime }: { myTime: MyTime }) {
  const captionId = useId();
  const rows = chartRowsOf(myTime);
  return (
    <figure aria-labelledby={captionId} style={{ margin: 0, minHeight: CHART_AREA_HEIGHT }}>
      <VisuallyHidden id={captionId}>{describeMyTime(myTime)}</VisuallyHidden>
      <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
        <MyTimeBars rows={rows} height={CHART_HEIGHT} />
      </Suspense>
      <VisuallyHidden>
        <Table aria-label="Hours per day this week">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Day</Table.Th>
              <Table.Th>Billable hours</Table.Th>
              <Table.Th>Non-billable hours</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>{formatDisplayHours(row.billableHours)}</Table.Td>
                <Table.Td>{formatDisplayHours(row.nonBillableHours)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}

export type MyTimeCardProps = { myTime: MyTime | undefined; isLoading: boolean; isError: boolean };

/** A figure's label, figure and line under it, still to come. */
function PendingFigure() {
  return (
    <div>
      <PendingLine size="sm" width="5rem" />
      <PendingLine size="xl" width="6rem" />
      <PendingLine size="sm" width="12rem" />
    </div>
  );
}

/** The card's lines and chart as they will be, while the figures come: the cards under it stay where they are drawn. */
function MyTimePending() {
  return (
    <Stack gap="md" role="status" aria-label="Loading your time">
      <PendingLine size="sm" width="10rem" />
      <Group gap="xl" align="flex-start">
        <PendingFigure />
        <PendingFigure />
      </Group>
      <Skeleton height={CHART_AREA_HEIGHT} />
    </Stack>
  );
}

/** Issue 4: the signed-in user's hours this week and their unbilled time. */
export function MyTimeCard({ myTime, isLoading, isError }: MyTimeCardProps) {
  const titleId = useId();
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        My time this week
      </Title>
      {isLoading && <MyTimePending />}
      {isError && (
        <Alert color="red" role="alert">
          Your time figures could not be loaded.
        </Alert>
      )}
      {myTime && (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {isoToDisplayDate(myTime.weekStart)} – {isoToDisplayDate(myTime.weekEnd)}
          </Text>
          <Group gap="xl" align="flex-start">
            <Figure
              label="This week"
              value={formatHours(myTime.weekTotalHours)}
              detail={`${formatHours(myTime.weekBillableHours)} billable · ${formatHours(myTime.weekNonBillableHours)} non-billable`}
            />
            <Figure
              label="Unbilled time"
              value={formatHours(myTime.unbilledHours)}
              detail={formatMoney(myTime.unbilledAmount, myTime.currencySymbol)}
            />
          </Group>
          <MyTimeChart myTime={myTime} />
        </Stack>
      )}
    </Card>
  );
}
