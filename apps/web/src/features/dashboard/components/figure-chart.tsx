import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
import { useEffect, useRef } from 'react';
import { canDrawCanvas } from './can-draw.ts';

export type ChartSeries = { label: string; values: number[] };

// Mantine's blue.6, teal.6, orange.6, grape.6, red.6, gray.6: one per series.
const COLOURS = ['#228be6', '#12b886', '#fd7e14', '#be4bdb', '#fa5252', '#868e96'];
const figureText = (value: number | null) => (value === null ? '' : value.toLocaleString('en-US', { maximumFractionDigits: 2 }));
// The axis reads 1.5M, not 1,500,000: the figures themselves are in the legend and the table.
const axisText = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * A chart of the dashboard's figures with uPlot (the library the week's bars use): lines, one per
 * series, or bars for a single series. Hidden from screen readers: each card's table reads the same figures.
 */
export default function FigureChart({
  labels,
  xLabel,
  series,
  kind,
  height,
}: {
  labels: string[];
  xLabel: string;
  series: ChartSeries[];
  kind: 'lines' | 'bars';
  height: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || !canDrawCanvas()) return;
    const xs = labels.map((_, index) => index);
    const bars = kind === 'bars' ? uPlot.paths.bars!({ size: [0.6, 64] }) : undefined;
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height,
        scales: { x: { time: false, range: [-0.5, labels.length - 0.5] }, y: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          {
            // Every label where they fit; on a phone's width every other one.
            values: (self, splits) => splits.map((split) => (self.width < 480 && split % 2 === 1 ? '' : (labels[split] ?? ''))),
            splits: () => xs,
            gap: 4,
          },
          { values: (_self, splits) => splits.map((split) => axisText.format(split)), size: 48 },
        ],
        series: [
          { label: xLabel, value: (_self, index) => (index === null ? '' : (labels[index] ?? '')) },
          ...series.map((line, index) => ({
            label: line.label,
            stroke: COLOURS[index % COLOURS.length],
            fill: kind === 'bars' ? COLOURS[index % COLOURS.length] : undefined,
            width: kind === 'bars' ? 0 : 2,
            ...(bars ? { paths: bars, points: { show: false } } : {}),
            value: (_self: uPlot, value: number | null) => figureText(value),
          })),
        ],
        cursor: { drag: { x: false, y: false } },
      },
      [xs, ...series.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [labels, xLabel, series, kind, height]);
  return <div ref={container} aria-hidden="true" className="figure-chart" />;
}
