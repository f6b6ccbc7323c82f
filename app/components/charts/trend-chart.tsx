import { Group } from "@visx/group";
import { scaleLinear, scalePoint } from "@visx/scale";
import { AreaClosed, LinePath } from "@visx/shape";
import { ChartFrame, chartDefaults, pointTitle } from "./chart-frame";
import type { ChartPoint, ChartProps } from "./types";

const MARGIN = { top: 20, right: 16, bottom: 28, left: 16 };

/**
 * A line over a filled area for a series in time (30 days, 12 weeks), drawn on the server:
 * every point carries its value in the markup (a dot with its title, and the value above it
 * unless it is zero: a row of «0,00 ₽» along the baseline only hid the weeks that had any),
 * the first, middle and last labels name the axis; the table view lists every point.
 */
export function TrendChart(props: ChartProps) {
  const chart = chartDefaults({ labelHeader: "Дата", ...props });
  const { data, format, width, height, highlight } = chart;
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const x = scalePoint<string>({ domain: data.map((point) => point.label), range: [0, innerWidth] });
  const max = Math.max(0, ...data.map((point) => point.value));
  const y = scaleLinear<number>({ domain: [0, max || 1], range: [innerHeight, 0] });
  const xOf = (point: ChartPoint) => x(point.label) ?? 0;
  const yOf = (point: ChartPoint) => y(point.value);
  const named = new Set([0, Math.floor((data.length - 1) / 2), data.length - 1]);
  const fontSize = data.length > 20 ? 9 : 11;
  const series = data as ChartPoint[];
  return (
    <ChartFrame kind="trend" chart={chart} height={height}>
      <Group left={MARGIN.left} top={MARGIN.top}>
        <AreaClosed data={series} x={xOf} y={yOf} yScale={y} className="fill-sky-100" />
        <LinePath data={series} x={xOf} y={yOf} className="stroke-sky-600" strokeWidth={2} fill="none" />
        {data.map((point, index) => (
          <g key={point.label} data-label={point.label} data-value={point.value}>
            <circle
              cx={xOf(point)}
              cy={yOf(point)}
              r={3}
              className={highlight?.(point) ? "fill-amber-500" : "fill-sky-700"}
            >
              <title>{pointTitle(point, format)}</title>
            </circle>
            {point.value !== 0 ? (
              <text
                x={xOf(point)}
                y={yOf(point) - 6}
                textAnchor="middle"
                fontSize={fontSize}
                className="fill-slate-700"
              >
                {format(point.value)}
              </text>
            ) : null}
            {named.has(index) ? (
              <text
                x={xOf(point)}
                y={innerHeight + 18}
                textAnchor={index === 0 ? "start" : index === data.length - 1 ? "end" : "middle"}
                fontSize={11}
                className="fill-slate-500"
              >
                {point.label}
              </text>
            ) : null}
          </g>
        ))}
      </Group>
    </ChartFrame>
  );
}
