import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** The card that holds the sign-in and registration forms. */
export function AuthCard({
  title,
  subtitle,
  wide = false,
  footer,
  children,
}: {
  title: string;
  subtitle?: string;
  wide?: boolean;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-10">
      <div
        className={`w-full ${wide ? "max-w-2xl" : "max-w-md"} rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8`}
      >
        <Link to="/" className="text-xl font-bold text-brand-700">
          Рейс
        </Link>
        <h1 className="mt-4 text-2xl font-semibold">{title}</h1>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
        {children}
        <p className="mt-6 text-center text-sm text-slate-600">{footer}</p>
      </div>
    </main>
  );
}
