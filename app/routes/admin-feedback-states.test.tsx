// /admin/feedback when it cannot show the messages (spec 1 §6, §8): a non-admin is told «Доступ
// запрещен», a failed read «Ошибка загрузки обратной связи» with a reload; no list either way.
import { data } from "@remix-run/cloudflare";
import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import FeedbackAdminPage, { ErrorBoundary } from "./_app.admin.feedback";

function render(error: unknown): string {
  const Stub = createRemixStub([
    { id: "page", path: "/admin/feedback", Component: FeedbackAdminPage, ErrorBoundary, loader: () => null },
  ]);
  return renderToString(
    <Stub initialEntries={["/admin/feedback?screen=ЭДО"]} hydrationData={{ errors: { page: error } }} />,
  );
}

describe("the feedback panel", () => {
  afterEach(() => vi.restoreAllMocks());

  it("tells a non-admin «Доступ запрещен»", async () => {
    const forbidden = data("Доступ запрещен", { status: 403 });
    const html = render({ status: 403, statusText: "Forbidden", internal: false, data: forbidden.data });
    expect(html).toContain("Доступ запрещен");
    expect(html).not.toContain('data-testid="feedback-list"');
    expect(html).not.toContain("Ошибка загрузки обратной связи");
  });

  it("says «Ошибка загрузки обратной связи» with a reload when the read fails", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const html = render(new Error("database unavailable"));
    expect(html).toContain("Ошибка загрузки обратной связи");
    expect(html).toMatch(/href="\/admin\/feedback\?screen=[^"]+"/);
    expect(html).not.toContain("Доступ запрещен");
  });
});
