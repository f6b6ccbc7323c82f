import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { AUTH_MESSAGES, registerAccount } from "../../workers/core/auth/accounts";
import { requestEmailConfirmation } from "../../workers/core/auth/email-links";
import { registrationFormSchema } from "../../workers/core/auth/schemas";
import { statusOf } from "../../workers/web/wiring";
import { AuthCard } from "~/components/auth/auth-card";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { ownHeaders } from "~/lib/route-headers";
import { PartnerBanner } from "~/components/landing/partner-banner";
import { parseLandingQuery, type LandingQuery } from "~/lib/landing-query";
import { PARTNER_RECORD_KEY, readPartnerRecord } from "~/lib/partner-record";
import { CompanyAutocomplete, type CompanySuggestion } from "~/components/auth/company-autocomplete";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { linkDepsOf, originOf } from "~/lib/email-links.server";
import { useSchemaForm } from "~/lib/forms";
import { toastHeaders } from "~/lib/toast.server";

// The action's Retry-After on a refused burst reaches the browser only through a headers export.
export const headers: HeadersFunction = ownHeaders;

export const meta: MetaFunction = () => [
  { title: "Регистрация — Рейс" },
  {
    name: "description",
    content:
      "Регистрация перевозчика в Рейсе: 14 дней бесплатно, выплата за рейс за 24 часа, ЭДО и заказы с платформ.",
  },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  if (context.caller) throw redirect("/dashboard");
  // Partner, discount, campaign and plan from the landing page's registration button (spec 1 §2).
  return { query: parseLandingQuery(new URL(request.url).searchParams) };
}

type Partner = { code: string; name: string; discountPercent: number };
type Arrival = { partner: Partner | null; campaign: string | null; plan: string | null };

/**
 * What the visitor came with: the URL's partner, campaign and plan, else (a URL with none of
 * them) the landing's record of the last 24 hours (spec 1 §9). They go with the form and are
 * kept with the company (decision 0038).
 */
function useArrival(query: LandingQuery): Arrival {
  const fromUrl = query.partner !== null || query.campaign !== null || query.plan !== null;
  const [stored, setStored] = useState<Arrival | null>(null);
  useEffect(() => {
    if (fromUrl) return;
    try {
      const record = readPartnerRecord(localStorage.getItem(PARTNER_RECORD_KEY), Date.now());
      if (record)
        setStored({
          partner: {
            code: record.partnerId,
            name: record.partnerName,
            discountPercent: record.discountPercent,
          },
          campaign: record.campaignId,
          plan: record.selectedPlan,
        });
    } catch {
      // Storage refused (private mode, policy): nothing remembered.
    }
  }, [fromUrl]);
  return fromUrl ? query : (stored ?? query);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registrationFormSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  // confirmPassword is only the form's: the account gets the spec's registration payload.
  const { confirmPassword: _confirm, ...payload } = submission.value;
  const result = await registerAccount(context.db, payload, { ip: context.clientIp, now: Date.now() });
  if (!result.ok && result.reason === "rate_limited") {
    return data(submission.reply({ formErrors: [result.message], hideFields }), {
      status: statusOf(result.reason),
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (!result.ok) {
    const field = result.reason === "email_taken" ? "email" : "inn";
    return data(submission.reply({ fieldErrors: { [field]: [result.message] }, hideFields }), {
      status: statusOf(result.reason),
    });
  }
  // The account works at once; the letter asks to confirm the address (decision 0073).
  await requestEmailConfirmation(linkDepsOf(context), { userId: result.user.id, origin: originOf(request) });
  return redirect("/login", {
    headers: await toastHeaders({ type: "success", message: AUTH_MESSAGES.registered }),
  });
}

type CompanyDetails = { inn: string; kpp: string; ogrn: string; address: string };
const EMPTY_COMPANY: CompanyDetails = { inn: "", kpp: "", ogrn: "", address: "" };

export default function Register() {
  const lastResult = useActionData<typeof action>();
  const { query } = useLoaderData<typeof loader>();
  const { partner, campaign, plan } = useArrival(query);
  const navigation = useNavigation();
  const [company, setCompany] = useState<CompanyDetails>(EMPTY_COMPANY);
  const [form, fields] = useSchemaForm(registrationFormSchema, lastResult);
  const submitting = navigation.state !== "idle" && navigation.formAction === "/register";

  function fillFrom(item: CompanySuggestion) {
    setCompany({
      inn: item.data.inn ?? "",
      kpp: item.data.kpp ?? "",
      ogrn: item.data.ogrn ?? "",
      address: item.data.address.value ?? "",
    });
  }

  const readOnly = (name: keyof CompanyDetails, label: string) => (
    <Field
      label={label}
      errors={fields[name].errors}
      hint="Заполняется из выбранной компании"
      inputProps={{ id: fields[name].id, name: fields[name].name, value: company[name], readOnly: true }}
    />
  );

  return (
    <AuthCard
      title="Регистрация перевозчика"
      subtitle="14 дней бесплатно, без привязки карты."
      wide
      footer={
        <>
          Уже есть аккаунт?{" "}
          <Link to="/login" className="font-medium text-brand-600 hover:underline">
            Войти
          </Link>
        </>
      }
    >
      <Form method="post" className="mt-6 space-y-6" {...getFormProps(form)}>
        {partner ? (
          <div className="overflow-hidden rounded-lg">
            <PartnerBanner partner={partner} />
            <input type="hidden" name="partnerSource" value={partner.code} />
          </div>
        ) : null}
        {campaign ? <input type="hidden" name="campaign" value={campaign} /> : null}
        {plan ? <input type="hidden" name="plan" value={plan} /> : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
            Контактное лицо
          </legend>
          <Field
            label="Имя"
            errors={fields.firstName.errors}
            inputProps={{
              ...getInputProps(fields.firstName, { type: "text" }),
              autoComplete: "given-name",
            }}
          />
          <Field
            label="Фамилия"
            errors={fields.lastName.errors}
            inputProps={{
              ...getInputProps(fields.lastName, { type: "text" }),
              autoComplete: "family-name",
            }}
          />
          <Field
            label="Email"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
          />
          <Field
            label="Телефон"
            errors={fields.phone.errors}
            inputProps={{
              ...getInputProps(fields.phone, { type: "tel" }),
              autoComplete: "tel",
              placeholder: "+7 999 123-45-67",
            }}
          />
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
            Компания
          </legend>
          <div className="sm:col-span-2">
            <CompanyAutocomplete
              inputProps={{ ...getInputProps(fields.companyName, { type: "text" }) }}
              errors={fields.companyName.errors}
              onSelect={fillFrom}
              onEdit={() => setCompany(EMPTY_COMPANY)}
            />
          </div>
          {readOnly("inn", "ИНН")}
          {readOnly("kpp", "КПП")}
          {readOnly("ogrn", "ОГРН")}
          {readOnly("address", "Адрес")}
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <p className="text-xs text-slate-600">
          Регистрируясь, вы соглашаетесь с{" "}
          <a href="/terms" className="underline">
            Пользовательским соглашением
          </a>{" "}
          и{" "}
          <a href="/privacy" className="underline">
            Политикой обработки персональных данных
          </a>
          . Вопросы —{" "}
          <a href="/contact" className="underline">
            в разделе «Контакты»
          </a>
          .
        </p>
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Регистрируем…" : "Зарегистрироваться"}
        </Button>
      </Form>
    </AuthCard>
  );
}
