/** One point of a chart's series: what the x axis names and its value. */
export type ChartPoint = { label: string; value: number };

/** What every chart takes: its series, its title and how its values read. */
export type ChartProps = {
  /** Shown above the chart and as the SVG's title and the table's caption. */
  title: string;
  data: readonly ChartPoint[];
  /** The table view's column headers. */
  labelHeader?: string;
  valueHeader?: string;
  /** How a value is written (ru-RU integers unless told). */
  format?: (value: number) => string;
  /** The viewBox's size; the SVG scales to its container's width. */
  width?: number;
  height?: number;
  /** Points drawn in the accent colour (working hours, today). */
  highlight?: (point: ChartPoint) => boolean;
  /** A line under the chart saying what the accent means. */
  note?: string;
};

const integer = new Intl.NumberFormat("ru-RU", { maximumFractionDigits: 0 });
export const formatInteger = (value: number) => integer.format(value);
