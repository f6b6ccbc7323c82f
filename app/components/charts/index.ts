// Shared charts (issue 22; decision 0058): drawn with visx on the server, readable without
// hover, each with a table view for screen readers. Series are lists of {label, value}.
export { BarChart } from "./bar-chart";
export { BarList } from "./bar-list";
export { TrendChart } from "./trend-chart";
export { formatInteger, type ChartPoint, type ChartProps } from "./types";
