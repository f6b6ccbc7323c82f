import type { ReactNode } from "react";

/** A figure card (the dashboard's and the CRM's): its title, the figure, and lines under it. */
export function StatCard({
  title,
  value,
  testId,
  children,
}: {
  title: string;
  value: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      className="rounded-xl bg-white p-4 ring-1 ring-slate-200"
      aria-label={title}
      data-testid={testId}
    >
      <h2 className="text-sm text-slate-500">{title}</h2>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      <div className="mt-2 space-y-1 text-sm text-slate-600">{children}</div>
    </section>
  );
}
