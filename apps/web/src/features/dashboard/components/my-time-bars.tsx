import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
import { useEffect, useRef } from 'react';
import { hoursAxisRange, type MyTimeChartRow } from './my-time-figures.ts';
import { canDrawCanvas } from './can-draw.ts';

// Mantine's blue.6 and gray.5, as the rest of the dashboard.
const BILLABLE_COLOUR = '#228be6';
const NON_BILLABLE_COLOUR = '#adb5bd';
const hoursText = (value: number | null) => (value === null ? '' : `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })} h`);

/**
 * The week's bars: billable hours with non-billable hours stacked on top. uPlot (20 KB) rather than
 * a React chart library (100 KB) keeps the dashboard within its budget. uPlot does not stack, so the
 * second series is drawn as the day's total behind the billable bar, and its legend reads the
 * non-billable figure. The canvas is hidden from screen readers: the card's table reads the figures.
 */
export default function MyTimeBars({ rows, height }: { rows: MyTimeChartRow[]; height: number }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element || !canDrawCanvas()) return;
    const days = rows.map((_, index) => index);
    const billable = rows.map((row) => row.Billable);
    const nonBillable = rows.map((row) => row['Non-billable']);
    const totals = rows.map((row) => row.Billable + row['Non-billable']);
    const bars = uPlot.paths.bars!({ size: [0.6, 48] });
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height,
        scales: { x: { time: false, range: [-0.5, rows.length - 0.5] }, y: { range: (_self, _min, max) => hoursAxisRange(max) } },
        axes: [
          {
            // "Mon 16/11" under each bar; on a phone's width the weekday alone fits.
            values: (self, splits) =>
              splits.map((split) => (self.width < 520 ? (rows[split]?.day.slice(0, 3) ?? '') : (rows[split]?.day ?? ''))),
            splits: () => days,
            gap: 4,
          },
          { label: 'Hours', values: (_self, splits) => splits.map((split) => `${split}`) },
        ],
        series: [
          { label: 'Day', value: (_self, index) => (index === null ? '' : (rows[index]?.day ?? '')) },
          {
            label: 'Non-billable',
            fill: NON_BILLABLE_COLOUR,
            stroke: NON_BILLABLE_COLOUR,
            paths: bars,
            width: 0,
            points: { show: false },
            value: (self, _value, _series, index) => hoursText(index === null ? null : (nonBillable[index] ?? null)),
          },
          {
            label: 'Billable',
            fill: BILLABLE_COLOUR,
            stroke: BILLABLE_COLOUR,
            paths: bars,
            width: 0,
            points: { show: false },
            value: (_self, value) => hoursText(value),
          },
        ],
        cursor: { drag: { x: false, y: false }, points: { show: false } },
      },
      [days, totals, billable],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [rows, height]);

  return <div ref={container} aria-hidden="true" data-testid="my-time-bars" />;
}
