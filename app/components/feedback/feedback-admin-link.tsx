import { Link } from "@remix-run/react";

/** The header's admin-only feedback button (spec 1 §2, §6): nothing for anyone else. */
export function FeedbackAdminLink({ role, className = "" }: { role: "user" | "admin"; className?: string }) {
  if (role !== "admin") return null;
  return (
    <Link
      to="/admin/feedback"
      className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 ${className}`}
    >
      <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="currentColor" aria-hidden>
        <path d="M2 5a2 2 0 012-2h12a2 2 0 012 2v7a2 2 0 01-2 2H8l-4 3v-3a2 2 0 01-2-2V5z" />
      </svg>
      Отзывы
    </Link>
  );
}
