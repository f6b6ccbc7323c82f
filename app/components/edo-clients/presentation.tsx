// How the EDO clients pages word and colour things (spec 3 §9 «Client activity»).
import { ACTIVITY_LABELS, type ClientActivity } from "../../../workers/core/edo/clients-schemas";

export { ACTIVITY_LABELS };

/** What connecting EDO gives on these pages, for the «ЭДО не подключено» banner. */
export const CLIENTS_PURPOSE = "клиентов — контрагентов ваших транспортных документов";

/** Activity badge colours: green active, amber moderately active, grey inactive. */
export const ACTIVITY_CLASSES: Record<ClientActivity, string> = {
  active: "bg-green-100 text-green-800 ring-green-200",
  moderate: "bg-amber-100 text-amber-800 ring-amber-200",
  inactive: "bg-slate-100 text-slate-700 ring-slate-200",
};

const dateFormat = new Intl.DateTimeFormat("ru-RU", { dateStyle: "short", timeZone: "Europe/Moscow" });
const timeFormat = new Intl.DateTimeFormat("ru-RU", {
  dateStyle: "short",
  timeStyle: "short",
  timeZone: "Europe/Moscow",
});

/** A Moscow calendar date, «30.12.2025». */
export const formatDay = (iso: string) => dateFormat.format(new Date(iso));
/** A Moscow date and time, «30.12.2025, 19:12». */
export const formatMoment = (iso: string) => timeFormat.format(new Date(iso));

export function ActivityBadge({ activity }: { activity: ClientActivity }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ${ACTIVITY_CLASSES[activity]}`}
      data-activity={activity}
    >
      {ACTIVITY_LABELS[activity]}
    </span>
  );
}
