import { Link } from "@remix-run/react";

/** The header's «Помощь» (spec 1 §2 "Main layout"): the help centre's list. */
export function HelpLink({ className = "" }: { className?: string }) {
  return (
    <Link
      to="/help"
      data-tour="help"
      className={`inline-flex items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 ${className}`}
    >
      <svg viewBox="0 0 20 20" className="size-4 text-slate-500" fill="currentColor" aria-hidden>
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 11-16 0 8 8 0 0116 0zM8.9 7.6a1.2 1.2 0 112.1.8c-.3.3-.7.5-1 .8-.4.4-.8.9-.8 1.8a.8.8 0 001.6 0c0-.3.1-.4.4-.7l.8-.6A2.8 2.8 0 107.3 7.6a.8.8 0 101.6 0zM10 15a1 1 0 100-2 1 1 0 000 2z"
          clipRule="evenodd"
        />
      </svg>
      Помощь
    </Link>
  );
}
