import { toast } from "sonner";
import { PARTNER_LINK_MESSAGES } from "../../../workers/core/partners/link-schema";
import type { PartnerLinkView } from "../../../workers/core/partners/links";
import { formatNumber, formatShortDateTime } from "~/lib/format";

async function copyLink(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success(PARTNER_LINK_MESSAGES.copied);
  } catch {
    toast.error(PARTNER_LINK_MESSAGES.copyFailed);
  }
}

function CopyableLink({ url, label }: { url: string; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="break-all text-brand-600 hover:underline"
      >
        {url.replace(/^https?:\/\//, "")}
      </a>
      <button
        type="button"
        onClick={() => copyLink(url)}
        aria-label={label}
        className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        Копировать
      </button>
    </div>
  );
}

/** The table of the company's links (spec 1 §2: unique token, link, partner source name, created, used). */
export function LinksTable({ leads }: { leads: PartnerLinkView[] }) {
  if (leads.length === 0) {
    return (
      <p
        className="rounded-xl bg-white p-6 text-center text-slate-600 ring-1 ring-slate-200"
        data-testid="partner-links-empty"
      >
        Ссылок пока нет. Создайте первую — и отправьте её компании, которую приглашаете.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="cards-on-phone min-w-full text-left text-sm" data-testid="partner-links">
        <caption className="sr-only">Партнерские ссылки компании</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3">
              Токен
            </th>
            <th scope="col" className="px-4 py-3">
              Ссылка
            </th>
            <th scope="col" className="px-4 py-3">
              Короткая ссылка
            </th>
            <th scope="col" className="px-4 py-3">
              Партнер
            </th>
            <th scope="col" className="px-4 py-3">
              Создана
            </th>
            <th scope="col" className="px-4 py-3">
              Использована
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Переходы
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <tr key={lead.id} data-testid="partner-link-row" data-token={lead.unique_token}>
              <td data-label="Токен" className="px-4 py-3 font-mono text-xs break-all text-slate-700">
                {lead.unique_token}
              </td>
              <td data-label="Ссылка" className="min-w-64 px-4 py-3">
                <CopyableLink url={lead.link} label="Скопировать ссылку" />
              </td>
              <td data-label="Короткая ссылка" className="min-w-48 px-4 py-3">
                <CopyableLink url={lead.short_link} label="Скопировать короткую ссылку" />
              </td>
              <td data-label="Партнер" className="px-4 py-3">
                {lead.partner_source.name}
              </td>
              <td data-label="Создана" className="px-4 py-3 whitespace-nowrap">
                <time dateTime={lead.created_at}>{formatShortDateTime(lead.created_at)}</time>
              </td>
              <td data-label="Использована" className="px-4 py-3 whitespace-nowrap">
                {lead.used_at ? (
                  <time dateTime={lead.used_at} className="font-medium text-green-700">
                    {formatShortDateTime(lead.used_at)}
                  </time>
                ) : (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                    Активна
                  </span>
                )}
              </td>
              <td data-label="Переходы" className="px-4 py-3 text-right tabular-nums">
                {formatNumber(lead.clicks)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
