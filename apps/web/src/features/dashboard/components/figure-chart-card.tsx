import { Card, Center, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import type { ChartSeries } from './figure-chart.tsx';

const FigureChart = lazy(() => import('./figure-chart.tsx'));
const CHART_HEIGHT = 220;
/** uPlot's legend under the chart: one line of 14 px text with 4 px padding (a phone's width may wrap it). */
export const LEGEND_LINE_HEIGHT = 30;
/**
 * The room a chart takes from the start, with its legend's first line: the card is as tall while
 * its figures come, while the chart's code loads, and with nothing to draw, so nothing under it moves.
 */
const CHART_AREA_HEIGHT = CHART_HEIGHT + LEGEND_LINE_HEIGHT;

type FigureChartCardProps = {
  title: string;
  labels: string[];
  /** Shorter labels for the chart's axis (16/11 for a week of 16/11/2026); the table reads `labels`. */
  axisLabels?: string[];
  /** The figures as the table reads them (exact text); the chart draws their numbers. */
  series: { label: string; texts: string[] }[];
  kind: 'lines' | 'bars';
  /** The table's first column's heading ("Week of", "Month"). */
  labelHeading: string;
};

/** A chart with a table of the same figures for screen readers (the canvas says nothing), or that there is nothing to draw yet. */
export function FigureChartCard({ title, labels, axisLabels, series, kind, labelHeading }: FigureChartCardProps) {
  const titleId = useId();
  const drawn: ChartSeries[] = series.map((line) => ({ label: line.label, values: line.texts.map(Number) }));
  const isEmpty = labels.length === 0 || series.length === 0;
  return (
    <Card withBorder component="figure" aria-labelledby={titleId} m={0}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {title}
      </Title>
      {isEmpty ? (
        <Center mih={CHART_AREA_HEIGHT}>
          <Text size="sm" c="dimmed">
            Nothing to show yet.
          </Text>
        </Center>
      ) : (
        <div style={{ minHeight: CHART_AREA_HEIGHT }}>
          <Suspense fallback={<div style={{ height: CHART_HEIGHT }} />}>
            <FigureChart labels={axisLabels ?? labels} xLabel={labelHeading} series={drawn} kind={kind} height={CHART_HEIGHT} />
          </Suspense>
        </div>
      )}
      {!isEmpty && (
        <VisuallyHidden>
          <Table aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{labelHeading}</Table.Th>
                {series.map((line) => (
                  <Table.Th key={line.label} scope="col">
                    {line.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {labels.map((label, index) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  {series.map((line) => (
                    <Table.Td key={line.label}>{line.texts[index]}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </VisuallyHidden>
      )}
    </Card>
  );
}

/** The card as it will be while its figures are on their way: its title and a placeholder of the chart's room. */
export function FigureChartCardPending({ title }: { title: string }) {
  const titleId = useId();
  return (
    <Card withBorder component="figure" aria-labelledby={titleId} m={0}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {title}
      </Title>
      <Skeleton height={CHART_AREA_HEIGHT} />
    </Card>
  );
}
