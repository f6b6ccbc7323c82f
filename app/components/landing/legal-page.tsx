import type { ReactNode } from "react";
import type { OperatorDetails } from "../../../workers/core/operator";
import { PublicFooter, PublicHeader } from "./site-chrome";

/** The frame of /terms, /privacy and /contact: the public header, a readable column, the footer. */
export function LegalPage({
  title,
  updated,
  signedIn,
  operator,
  children,
}: {
  title: string;
  updated?: string;
  signedIn: boolean;
  operator: OperatorDetails;
  children: ReactNode;
}) {
  return (
    <>
      <PublicHeader signedIn={signedIn} registerHref="/register" />
      <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
        <article className="legal space-y-4 leading-relaxed text-slate-800">
          <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
          {updated ? <p className="text-sm text-slate-600">Редакция от {updated}</p> : null}
          {children}
        </article>
      </main>
      <PublicFooter operator={operator} />
    </>
  );
}

/** A numbered section of a legal text. */
export function Clause({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-3 pt-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The operator's requisites as the legal pages list them. */
export function Requisites({ operator }: { operator: OperatorDetails }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 rounded-xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-[max-content_1fr]">
      <dt className="font-medium">Наименование</dt>
      <dd>{operator.name}</dd>
      <dt className="font-medium">ИНН</dt>
      <dd>{operator.inn}</dd>
      <dt className="font-medium">ОГРН</dt>
      <dd>{operator.ogrn}</dd>
      <dt className="font-medium">Адрес</dt>
      <dd>{operator.address}</dd>
      <dt className="font-medium">Email</dt>
      <dd>
        <a className="text-brand-700 underline" href={`mailto:${operator.supportEmail}`}>
          {operator.supportEmail}
        </a>
      </dd>
      <dt className="font-medium">Телефон</dt>
      <dd>{operator.supportPhone}</dd>
    </dl>
  );
}
