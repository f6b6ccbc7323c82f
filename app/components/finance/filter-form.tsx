import { Form, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A tab's filters as a GET form: a change applies at once (the URL keeps it, «Назад» undoes it);
 * without scripts a «Показать» button does the same.
 */
export function FilterForm({
  tab,
  onFilter,
  className,
  children,
}: {
  tab: string;
  onFilter: (name: string, value: string) => void;
  className?: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      className={className}
      onChange={(event) => {
        const field = event.target as HTMLSelectElement;
        onFilter(field.name, field.value);
        submit(event.currentTarget, { preventScrollReset: true });
      }}
    >
      <input type="hidden" name="tab" value={tab} />
      {children}
      <noscript>
        <button type="submit" className="rounded-lg px-4 py-2 font-medium ring-1 ring-slate-300">
          Показать
        </button>
      </noscript>
    </Form>
  );
}
