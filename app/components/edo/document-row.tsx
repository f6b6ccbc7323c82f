import type { EdoDocument } from "../../../workers/core/edo/vocabulary";
import { shortPlace } from "../../../workers/core/edo/place-key";
import { Chevron } from "~/components/ui/chevron";
import { formatShortDateTime } from "~/lib/format";
import { StatusBadge } from "./document-card";
import { counterpartyOf, documentNumber, driverName, formatEdoDay, roleLabel } from "./presentation";

const DASH = "—";

/** The columns of the compact list (decision 0072): the same grid for its header and rows. */
const COLUMNS =
  "lg:grid lg:grid-cols-[minmax(0,10rem)_minmax(0,1.3fr)_minmax(0,10rem)_minmax(0,1.2fr)_minmax(0,1fr)_1rem] lg:gap-4";

/** The compact list's column names; each row also says them to a screen reader. */
export function CompactHeader() {
  return (
    <div
      aria-hidden
      className={`hidden border-b border-slate-200 px-4 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase ${COLUMNS}`}
    >
      <span>Номер и дата</span>
      <span>Маршрут</span>
      <span>Статус</span>
      <span>Контрагент</span>
      <span>ТС и водитель</span>
    </div>
  );
}

function Place({ address }: { address: string | undefined }) {
  return address ? <span title={address}>{shortPlace(address)}</span> : <span>{DASH}</span>;
}

/**
 * One chain as a row of the compact list, shown on wide screens only: what a dispatcher scans.
 * A button: a click, Enter or Space opens the chain's card (`cardId`) beneath it.
 */
export function DocumentRow({
  doc,
  cardId,
  expanded,
  onToggle,
}: {
  doc: EdoDocument;
  cardId: string;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { info } = doc;
  const { role, party } = counterpartyOf(doc);
  const driver = driverName(doc);
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={cardId}
      onClick={onToggle}
      className={`hidden w-full items-center px-4 py-2.5 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${COLUMNS} ${expanded ? "bg-slate-50" : ""}`}
      data-testid="edo-row"
    >
      <span className="min-w-0">
        <span className="block truncate font-medium" data-testid="edo-row-number">
          № {documentNumber(doc)}
        </span>
        <span className="block text-xs text-slate-500">
          {info.doc.date ? formatEdoDay(info.doc.date) : formatShortDateTime(doc.createDate)}
        </span>
      </span>
      <span className="min-w-0 truncate" data-testid="edo-row-route">
        <span className="sr-only">Маршрут: </span>
        <Place address={info.loading?.addr} /> → <Place address={info.unloading?.addr} />
      </span>
      <span className="flex min-w-0 flex-wrap items-center gap-1.5">
        <StatusBadge code={doc.statusCode} testId="edo-row-status" />
        {doc.read ? null : (
          <span className="size-2 rounded-full bg-amber-500" title="Не прочитан">
            <span className="sr-only">Не прочитан</span>
          </span>
        )}
      </span>
      <span className="min-w-0">
        <span className="sr-only">{roleLabel(role)}: </span>
        <span className="block truncate" data-testid="edo-row-counterparty">
          {party?.accName || DASH}
        </span>
        <span className="block text-xs text-slate-500" aria-hidden>
          {roleLabel(role)}
        </span>
      </span>
      <span className="min-w-0">
        <span className="sr-only">ТС и водитель: </span>
        <span className="block truncate">{info.ts?.num || DASH}</span>
        <span className="block truncate text-xs text-slate-500">{driver || DASH}</span>
      </span>
      <Chevron open={expanded} className="size-4 text-slate-400" />
    </button>
  );
}
