import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";
import { Button } from "./button";

/**
 * A form dialog's footer: «Отмена» back to the page without the dialog (a link, so it works
 * before the scripts load) and the submit button, which says what it is doing while it works.
 */
export function DialogActions({
  closeHref,
  onCancel,
  submitting,
  label,
  busyLabel,
}: {
  closeHref: string;
  /** May prevent the link's navigation (e.g. to close the dialog in place). */
  onCancel: (event: MouseEvent<HTMLAnchorElement>) => void;
  submitting: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <Link
        to={closeHref}
        replace
        preventScrollReset
        onClick={onCancel}
        className="inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        Отмена
      </Link>
      <Button type="submit" disabled={submitting}>
        {submitting ? busyLabel : label}
      </Button>
    </div>
  );
}
