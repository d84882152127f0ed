import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { MyTimeChartRow } from './my-time-figures.ts';

const SERIES = [
  { name: 'Billable', color: 'blue.6' },
  { name: 'Non-billable', color: 'gray.5' },
];

/** The bars alone, in a chunk of their own: the chart library loads after the dashboard's figures. */
export default function MyTimeBars({ rows, height }: { rows: MyTimeChartRow[]; height: number }) {
  return (
    <BarChart
      h={height}
      data={rows}
      dataKey="day"
      type="stacked"
      series={SERIES}
      withLegend
      yAxisLabel="Hours"
      valueFormatter={(value) => `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })} h`}
    />
  );
}
