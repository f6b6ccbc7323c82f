import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { ChartFrame, chartDefaults, pointTitle } from "./chart-frame";
import type { ChartProps } from "./types";

const LABEL_SHARE = 0.38;
const ROW = 26;

/**
 * Horizontal bars for named categories (statuses, companies, regions): each row its label on
 * the left and its value at the bar's end, drawn on the server; the table view says the same.
 * Its height follows the rows (`height` is not used).
 */
export function BarList(props: ChartProps) {
  const chart = chartDefaults(props);
  const { data, format, width, highlight } = chart;
  const height = Math.max(ROW, data.length * ROW);
  const labels = width * LABEL_SHARE;
  const y = scaleBand<string>({
    domain: data.map((point) => point.label),
    range: [0, height],
    padding: 0.25,
  });
  const max = Math.max(0, ...data.map((point) => point.value));
  const x = scaleLinear<number>({ domain: [0, max || 1], range: [0, width - labels - 56] });
  const band = y.bandwidth();
  return (
    <ChartFrame kind="bar-list" chart={chart} height={height}>
      {data.map((point) => {
        const top = y(point.label) ?? 0;
        const length = x(point.value);
        const middle = top + band / 2;
        return (
          <g key={point.label} data-label={point.label} data-value={point.value}>
            <text
              x={labels - 8}
              y={middle}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize={12}
              className="fill-slate-600"
            >
              {point.label}
            </text>
            <Group left={labels}>
              <Bar
                x={0}
                y={top}
                width={Math.max(length, 1)}
                height={band}
                className={highlight?.(point) ? "fill-sky-600" : "fill-slate-400"}
              >
                <title>{pointTitle(point, format)}</title>
              </Bar>
              <text
                x={length + 6}
                y={middle}
                dominantBaseline="middle"
                fontSize={12}
                className="fill-slate-700"
              >
                {format(point.value)}
              </text>
            </Group>
          </g>
        );
      })}
    </ChartFrame>
  );
}
