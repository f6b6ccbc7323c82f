// The shared charts render on the server (no window in Node) with every value and label in the
// markup and a table view for screen readers (issue 22, item 2; decision 0058).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, BarList, TrendChart } from ".";

const HOURS = Array.from({ length: 24 }, (_, hour) => ({
  label: String(hour),
  value: hour === 9 ? 1234 : hour,
}));

/** The visually hidden table's rows as [label, value]. */
function tableRows(html: string): string[][] {
  const table = html.slice(html.indexOf('<table class="sr-only">'));
  return [...table.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g)].map((m) => [
    m[1],
    m[2],
  ]);
}

describe("charts", () => {
  it("a bar chart writes each value and label into the SVG, marks the highlighted bars, and lists them in a table", () => {
    expect(typeof window).toBe("undefined");
    const html = renderToStaticMarkup(
      <BarChart
        title="Активность по часам"
        data={HOURS}
        labelHeader="Час"
        valueHeader="Документы"
        highlight={(point) => Number(point.label) >= 8 && Number(point.label) < 18}
        note="Рабочие часы 8–18 выделены"
      />,
    );
    expect(html).toContain("<title>Активность по часам</title>");
    expect(html).toContain("<caption>Активность по часам</caption>");
    expect(html).toMatch(/<text[^>]*>1\u00a0234<\/text>/);
    expect(html).toContain("<title>9: 1\u00a0234</title>");
    expect(html.match(/fill-sky-600/g)).toHaveLength(10);
    expect(html).toContain("Рабочие часы 8–18 выделены");
    const rows = tableRows(html);
    expect(rows).toHaveLength(24);
    expect(rows[9]).toEqual(["9", "1\u00a0234"]);
    expect(html).toContain('<th scope="col">Час</th><th scope="col">Документы</th>');
  });

  it("a bar list names each category and its value, longest bar for the largest", () => {
    const html = renderToStaticMarkup(
      <BarList
        title="Статусы"
        data={[
          { label: "Выдан получателю", value: 40 },
          { label: "В рейсе", value: 10 },
        ]}
      />,
    );
    expect(html).toContain(">Выдан получателю</text>");
    expect(html).toMatch(/<text[^>]*>40<\/text>/);
    const widths = [...html.matchAll(/<rect[^>]*width="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths[0]).toBeGreaterThan(widths[1] * 3.9);
    expect(tableRows(html)).toEqual([
      ["Выдан получателю", "40"],
      ["В рейсе", "10"],
    ]);
  });

  it("a trend chart draws the line and area with every point's value and the axis ends named", () => {
    const days = Array.from({ length: 30 }, (_, i) => ({
      label: `${String(i + 1).padStart(2, "0")}.11`,
      value: i % 5,
    }));
    const html = renderToStaticMarkup(
      <TrendChart title="Документы за 30 дней" data={days} valueHeader="Документы" />,
    );
    expect(html.match(/<path/g)?.length).toBeGreaterThanOrEqual(2);
    expect(html.match(/<circle/g)).toHaveLength(30);
    expect(html).toContain("<title>30.11: 4</title>");
    // Values above the dots, except the zeros on the baseline (their dot's title still says 0).
    expect(html.match(/fill-slate-700[^>]*>\d<\/text>/g)).toHaveLength(24);
    expect(html).toContain("<title>01.11: 0</title>");
    expect(html).toContain(">01.11</text>");
    expect(html).toContain(">30.11</text>");
    expect(tableRows(html)).toHaveLength(30);
  });

  it("an empty or all-zero series still renders (no NaN in the markup)", () => {
    for (const data of [[], [{ label: "0", value: 0 }]]) {
      const html = renderToStaticMarkup(
        <>
          <BarChart title="a" data={data} />
          <BarList title="b" data={data} />
          <TrendChart title="c" data={data} />
        </>,
      );
      expect(html).not.toContain("NaN");
    }
  });
});
