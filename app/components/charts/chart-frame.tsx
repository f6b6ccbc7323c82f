import type { ReactNode } from "react";
import { formatInteger, type ChartPoint, type ChartProps } from "./types";

/** A chart's props with the defaults filled in. */
export function chartDefaults(props: ChartProps) {
  return {
    width: 640,
    height: 220,
    format: formatInteger,
    labelHeader: "Показатель",
    valueHeader: "Значение",
    ...Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined)),
  } as Required<Omit<ChartProps, "highlight" | "note">> & Pick<ChartProps, "highlight" | "note">;
}

/** A point's accessible title: its label and its value. */
export const pointTitle = (point: ChartPoint, format: (value: number) => string) =>
  `${point.label}: ${format(point.value)}`;

/**
 * What every chart is framed in: its title, the SVG (aria-hidden, its title in the markup), the
 * note under it, and the same figures as a visually hidden table for screen readers (caption,
 * column headers, one row a point).
 */
export function ChartFrame({
  kind,
  chart,
  height,
  children,
}: {
  kind: string;
  chart: ReturnType<typeof chartDefaults>;
  height: number;
  children: ReactNode;
}) {
  const { title, data, format, labelHeader, valueHeader, note, width } = chart;
  return (
    <figure className="w-full" data-chart={kind}>
      <figcaption className="mb-2 text-sm font-medium text-slate-700">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" aria-hidden="true">
        <title>{title}</title>
        {children}
      </svg>
      {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((point) => (
            <tr key={point.label}>
              <th scope="row">{point.label}</th>
              <td>{format(point.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
