import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { ChartFrame, chartDefaults, pointTitle } from "./chart-frame";
import type { ChartProps } from "./types";

const MARGIN = { top: 18, right: 8, bottom: 28, left: 8 };

/**
 * Vertical bars, one a point, each with its value above and its label below, drawn on the
 * server (no measuring, no window): readable without hover; the table view says the same.
 */
export function BarChart(props: ChartProps) {
  const chart = chartDefaults(props);
  const { data, format, width, height, highlight } = chart;
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({
    domain: data.map((point) => point.label),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const max = Math.max(0, ...data.map((point) => point.value));
  const y = scaleLinear<number>({ domain: [0, max || 1], range: [innerHeight, 0] });
  const band = x.bandwidth();
  const fontSize = Math.max(8, Math.min(12, band * 0.9));
  return (
    <ChartFrame kind="bar" chart={chart} height={height}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {data.map((point) => {
          const left = x(point.label) ?? 0;
          const top = y(point.value);
          const center = left + band / 2;
          return (
            <g key={point.label} data-label={point.label} data-value={point.value}>
              <Bar
                x={left}
                y={top}
                width={band}
                height={innerHeight - top}
                className={highlight?.(point) ? "fill-sky-600" : "fill-slate-400"}
              >
                <title>{pointTitle(point, format)}</title>
              </Bar>
              <text x={center} y={top - 4} textAnchor="middle" fontSize={fontSize} className="fill-slate-700">
                {format(point.value)}
              </text>
              <text
                x={center}
                y={innerHeight + 16}
                textAnchor="middle"
                fontSize={fontSize}
                className="fill-slate-500"
              >
                {point.label}
              </text>
            </g>
          );
        })}
      </Group>
    </ChartFrame>
  );
}
