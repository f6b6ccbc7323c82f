import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";
import { trackFinance } from "~/components/finance/finance-analytics";
import { FinancePage } from "~/components/finance/finance-page";
import { FINANCE_TABS } from "~/components/finance/finance-query";
import type { RequisitesAnswer } from "~/components/finance/requisites-form";
import { LoadError } from "~/components/ui/load-error";
import type { ActionAnswer } from "~/lib/action-answer";
import { financePageData } from "~/lib/finance.server";
import { formatNumber } from "~/lib/format";
import { requisitesAction } from "~/lib/requisites.server";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Финансы — Рейс" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  return financePageData(context, user.company.id, new URL(request.url), FINANCE_TABS);
}

/** The requisites form (the «Реквизиты» tab): checked by the schema, then by the bank directory. */
export async function action({ request, context }: ActionFunctionArgs): ActionAnswer<RequisitesAnswer> {
  const { user } = requireCaller(context, request);
  return requisitesAction(context, user.company.id, await request.formData());
}

/**
 * A refused save keeps the page as it is; a saved one reads the requisites again. The filters'
 * GET forms are navigations and read the page as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  defaultShouldRevalidate,
}) =>
  formMethod && formMethod.toUpperCase() !== "GET"
    ? (actionResult as RequisitesAnswer | undefined)?.saved === true
    : defaultShouldRevalidate;

export default function Finance() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useEffect(() => {
    if (answer?.saved) trackFinance("finance", "requisites_saved");
  }, [answer]);
  return (
    <FinancePage
      title="Финансы"
      intro={
        <>
          Баланс, готовые к оплате заказы, история операций и реквизиты для выплат. Быстрая оплата —{" "}
          {formatNumber(loaded.feeRatePercent)} %, деньги в течение 24 часов после проверки документов.
        </>
      }
      section="finance"
      tabs={FINANCE_TABS}
      data={loaded}
      requisitesResult={answer?.result}
      withFactors={false}
    />
  );
}

export function ErrorBoundary() {
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">Финансы</h1>
      <LoadError title="Не удалось загрузить финансы" href="/finance" />
    </div>
  );
}
