import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FinancePage } from "~/components/finance/finance-page";
import type { FinanceTab } from "~/components/finance/finance-query";
import { LoadError } from "~/components/ui/load-error";
import { financePageData } from "~/lib/finance.server";
import { formatNumber } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Быстрая оплата — Рейс" }];

/** The factoring page's tabs (spec 3 §2): it starts at the overview; requisites live on /finance. */
const TABS: readonly FinanceTab[] = ["overview", "ready", "history"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  return financePageData(context, user.company.id, new URL(request.url), TABS);
}

export default function Factoring() {
  const loaded = useLoaderData<typeof loader>();
  return (
    <FinancePage
      title="Быстрая оплата"
      intro={
        <>
          Продайте право требования оплаты по доставленному заказу и получите деньги в течение 24 часов после
          проверки документов, за вычетом комиссии {formatNumber(loaded.feeRatePercent)} %. Расчётный счёт для
          выплат — в разделе{" "}
          <Link to="/finance?tab=requisites" className="text-brand-600 hover:underline">
            «Финансы» → «Реквизиты»
          </Link>
          .
        </>
      }
      section="factoring"
      tabs={TABS}
      data={loaded}
      withFactors
    />
  );
}

export function ErrorBoundary() {
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">Быстрая оплата</h1>
      <LoadError title="Не удалось загрузить данные быстрой оплаты" href="/factoring" />
    </div>
  );
}
