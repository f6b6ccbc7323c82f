import type { ReactNode } from "react";
import type { EdoDocument, EdoParty } from "../../../workers/core/edo/vocabulary";
import { Button, Spinner } from "~/components/ui/button";
import { formatShortDateTime } from "~/lib/format";
import {
  documentNumber,
  documentStatusLabel,
  driverName,
  formatEdoDay,
  roleLabel,
  titleTypeLabel,
  UNKNOWN_STATUS,
} from "./presentation";

const DASH = "—";
const badge = "inline-block rounded-full px-2.5 py-0.5 text-xs font-medium";

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 p-3">
      <h4 className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</h4>
      <dl className="space-y-0.5 text-sm">{children}</dl>
    </div>
  );
}

function Row({ term, value }: { term: string; value: string | null | undefined }) {
  return (
    <div className="flex gap-1.5">
      <dt className="shrink-0 text-slate-500">{term}:</dt>
      <dd className="min-w-0 break-words">{value || DASH}</dd>
    </div>
  );
}

function Party({ title, party }: { title: string; party: EdoParty | null }) {
  return (
    <Block title={title}>
      <Row term="Название" value={party?.accName} />
      <Row term="ИНН" value={party?.inn} />
      <Row term="КПП" value={party?.kpp} />
    </Block>
  );
}

function History({ doc, number }: { doc: EdoDocument; number: string }) {
  const { documents, lastdoc } = doc.info;
  return (
    <div className="space-y-2">
      <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">История документов</h4>
      {documents.length === 0 ? (
        <p className="text-sm text-slate-600">Документов в цепочке нет</p>
      ) : (
        // Focusable so the list scrolls from the keyboard too.
        <ol
          className="max-h-32 space-y-1 overflow-y-auto rounded-lg ring-1 ring-slate-200"
          tabIndex={0}
          aria-label={`История документов № ${number}`}
          data-testid="edo-document-history"
        >
          {documents.map((title) => (
            <li key={title.id} className="flex flex-wrap justify-between gap-x-3 px-3 py-1 text-sm">
              <span>{titleTypeLabel(title.type)}</span>
              <span className="text-slate-500">{formatShortDateTime(title.dateTime)}</span>
            </li>
          ))}
        </ol>
      )}
      {lastdoc ? (
        <p className="text-sm">
          <span className="text-slate-500">Последний документ:</span> {titleTypeLabel(lastdoc.type)},{" "}
          {formatShortDateTime(lastdoc.dateTime)}
        </p>
      ) : null}
    </div>
  );
}

/** A chain's status as the cards and the compact rows name it (spec 2 §4). */
export function StatusBadge({
  code,
  withCode,
  testId,
}: {
  code: string;
  withCode?: boolean;
  testId: string;
}) {
  const status = documentStatusLabel(code);
  return (
    <span
      className={`${badge} ${status === UNKNOWN_STATUS ? "bg-slate-100 text-slate-700" : "bg-brand-50 text-brand-700"}`}
      data-testid={testId}
    >
      <span className="sr-only">Статус: </span>
      {status}
      {withCode ? (
        <>
          {" "}
          <code className="font-mono text-[0.7rem] opacity-75">{code}</code>
        </>
      ) : null}
    </span>
  );
}

/**
 * One docflow of the list (spec 2 §2.4): its state, parties, route and signed titles. The list's
 * item holds it, and names it by the card's heading (`titleId`).
 */
export function DocumentCard({
  doc,
  id,
  titleId,
  className = "",
  onView,
  onPrint,
  printing,
}: {
  doc: EdoDocument;
  id: string;
  titleId: string;
  className?: string;
  onView: () => void;
  onPrint: () => void;
  /** This card's PDF is downloading (other downloads wait). */
  printing: boolean | null;
}) {
  const { info } = doc;
  const number = documentNumber(doc);
  return (
    <div
      id={id}
      className={`space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 ${className}`}
      data-testid="edo-document-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold break-words" data-testid="edo-document-number">
            № {number}
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            Создан {formatShortDateTime(doc.createDate)} · Обновлён {formatShortDateTime(doc.updateDate)}
          </p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge code={doc.statusCode} withCode testId="edo-document-status" />
          <span
            className={`${badge} ${doc.read ? "bg-slate-100 text-slate-700" : "bg-amber-100 text-amber-800"}`}
            data-testid="edo-document-read"
          >
            {doc.read ? "Прочитан" : "Не прочитан"}
          </span>
          <span className={`${badge} bg-slate-100 text-slate-700`} data-testid="edo-document-role">
            <span className="sr-only">Роль: </span>
            {roleLabel(doc.roleCode)} ({doc.roleCode})
          </span>
          {doc.expired ? <span className={`${badge} bg-red-100 text-red-800`}>Просрочен</span> : null}
          {doc.deleted ? <span className={`${badge} bg-slate-200 text-slate-800`}>Удалён</span> : null}
        </div>
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Block title="Транспорт и водитель">
          <Row term="ТС" value={info.ts?.num} />
          <Row term="Водитель" value={driverName(doc)} />
        </Block>
        <Block title="Документ">
          <Row term="Номер" value={info.doc.num} />
          <Row term="Дата" value={info.doc.date ? formatEdoDay(info.doc.date) : null} />
          <Row term="Транзакция" value={info.doc.trns} />
          <Row term="Рейс" value={info.doc.trip} />
        </Block>
        <Block title="Маршрут">
          <Row term="Погрузка" value={info.loading?.addr} />
          <Row term="Выгрузка" value={info.unloading?.addr} />
        </Block>
        <Party title="Грузоотправитель" party={info.go} />
        <Party title="Грузополучатель" party={info.gp} />
        <Party title="Перевозчик" party={info.tk} />
      </div>

      <History doc={doc} number={number} />

      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onView} disabled={info.documents.length === 0}>
          Просмотреть содержимое
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={onPrint}
          disabled={printing !== null || info.documents.every((title) => title.contentSize === 0)}
        >
          {printing ? <Spinner label="Скачивание" /> : null}
          Скачать PDF
        </Button>
      </div>
    </div>
  );
}
