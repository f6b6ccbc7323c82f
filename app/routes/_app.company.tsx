// /company (issue 25 item 5, decision 0078): the director's company card (name, ИНН fixed once
// verified, КПП, ОГРН, address) and the payout requisites, the same form as on /finance.
// Anyone but a director is answered 403.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import {
  readCompany,
  requireCompanyDirector,
  updateCompany,
  type CompanyCard,
} from "../../workers/core/account/company";
import { companySchema } from "../../workers/core/account/schemas";
import { readRequisites } from "../../workers/core/finance/requisites";
import { statusOf } from "../../workers/web/wiring";
import { RequisitesForm } from "~/components/finance/requisites-form";
import { useAccountPageView, useAnswerTracking } from "~/components/profile/account-analytics";
import { SavedField, SaveRow, useAccountForm, type AccountAnswer } from "~/components/profile/account-form";
import { PageLoadError } from "~/components/ui/load-error";
import { requisitesAction } from "~/lib/requisites.server";
import { requireCaller } from "~/lib/session.server";
import { toastHeaders } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Компания — Рейс" }];

const TITLE = "Компания";

/** The caller, refused with 403 unless they direct their company. */
async function requireDirectorPage(context: AppLoadContext, request: Request) {
  const caller = requireCaller(context, request);
  const refused = await requireCompanyDirector(context.db, caller.user.id);
  if (refused) throw data(refused.message, { status: 403 });
  return caller;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireDirectorPage(context, request);
  const [company, requisites] = await Promise.all([
    readCompany(context.db, user.company.id),
    readRequisites(context.db, user.company.id),
  ]);
  if (!company) throw data("Компания не найдена", { status: 404 });
  return { company, requisites };
}

/** What the action answers the company form. */
type CompanyAnswer = AccountAnswer<"company">;

/** `intent`: company (the card) or requisites (the payout account, as on /finance). */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireDirectorPage(context, request);
  const formData = await request.formData();
  if (formData.get("intent") !== "company") return requisitesAction(context, user.company.id, formData);
  const submission = parseWithZod(formData, { schema: companySchema });
  if (submission.status !== "success")
    return data<CompanyAnswer>({ intent: "company", ok: false, result: submission.reply() }, { status: 400 });
  const outcome = await updateCompany(context.db, user.company.id, submission.value);
  if (!outcome.ok) {
    const field = outcome.reason === "not_found" ? null : "inn";
    const result = field
      ? submission.reply({ fieldErrors: { [field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return data<CompanyAnswer>(
      { intent: "company", ok: false, result },
      { status: statusOf(outcome.reason) },
    );
  }
  return data<CompanyAnswer>(
    { intent: "company", ok: true, result: submission.reply() },
    { headers: await toastHeaders({ type: "success", message: outcome.message }) },
  );
}

const card = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

function CompanyForm({ company }: { company: CompanyCard }) {
  const { fetcher, form, fields, busy } = useAccountForm("company", "company", companySchema, {
    done: "company_saved",
    refused: "company_refused",
  });
  return (
    <section className={card} aria-labelledby="company-heading">
      <h2 id="company-heading" className="text-lg font-semibold">
        Карточка компании
      </h2>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="company" />
        <div className="sm:col-span-2">
          <SavedField field={fields.name} label="Название компании" saved={company.name} />
        </div>
        <SavedField
          field={fields.inn}
          label="ИНН"
          saved={company.inn}
          hint={
            company.innVerified
              ? "ИНН подтверждён документами (одобренная быстрая оплата или накладные ЭДО) и не меняется"
              : "Можно изменить, пока ИНН не подтверждён документами"
          }
          inputProps={{ readOnly: company.innVerified, inputMode: "numeric" }}
        />
        <SavedField field={fields.kpp} label="КПП" saved={company.kpp} />
        <SavedField field={fields.ogrn} label="ОГРН / ОГРНИП" saved={company.ogrn} />
        <div className="sm:col-span-2">
          <SavedField field={fields.address} label="Юридический адрес" saved={company.address} />
        </div>
        <SaveRow errorId={form.errorId} errors={form.errors} busy={busy} />
      </fetcher.Form>
    </section>
  );
}

export default function CompanyPage() {
  const { company, requisites } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const requisitesAnswer = answer && "saved" in answer ? answer : undefined;
  useAccountPageView("company");
  useAnswerTracking("company", requisitesAnswer, "requisites_saved");
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{TITLE}</h1>
      <CompanyForm company={company} />
      <section className={card} aria-labelledby="requisites-heading">
        <h2 id="requisites-heading" className="mb-3 text-lg font-semibold">
          Реквизиты для выплат
        </h2>
        <RequisitesForm saved={requisites} lastResult={requisitesAnswer?.result} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <PageLoadError
      heading={TITLE}
      title={forbidden ? String(error.data) : "Не удалось загрузить данные компании"}
      href="/company"
    />
  );
}
