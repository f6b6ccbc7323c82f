import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  CONTACT_MESSAGES,
  contactMessageSchema,
  MAX_MESSAGE_LENGTH,
  submitContactMessage,
} from "../../workers/core/feedback/contact";
import { telHref } from "../../workers/core/operator";
import { LegalPage, Requisites } from "~/components/landing/legal-page";
import { ErrorList, Field } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/forms";
import { formPostHeaders, publicPageHeaders } from "~/lib/public-page";
import { publicPageData } from "~/lib/public-page.server";

export const meta: MetaFunction = () => [
  { title: "Контакты и реквизиты — Рейс" },
  {
    name: "description",
    content:
      "Как связаться с командой Рейса: email и телефон поддержки, форма обратной связи и реквизиты компании.",
  },
];

/** Plain HTML: the form posts without scripts and the server answers (decision 0032). */
export const handle = { hydrate: false };

export const loader = ({ request, context }: LoaderFunctionArgs) => publicPageData(request, context);

export const headers: HeadersFunction = publicPageHeaders;

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: contactMessageSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), sent: false }, { status: 400, headers: formPostHeaders });
  const outcome = await submitContactMessage(context.db, submission.value, {
    ip: context.clientIp,
    userId: context.caller?.user.id ?? null,
    userAgent: request.headers.get("user-agent"),
    now: Date.now(),
  });
  if (!outcome.ok) {
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }), sent: false },
      { status: 429, headers: { ...formPostHeaders, "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  return data({ result: submission.reply({ resetForm: true }), sent: true }, { headers: formPostHeaders });
}

export default function Contact() {
  const { signedIn, operator } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(contactMessageSchema, answer?.sent ? undefined : answer?.result);
  const messageErrorId = fields.message.errors?.length ? `${fields.message.id}-error` : undefined;
  return (
    <LegalPage title="Контакты" signedIn={signedIn} operator={operator}>
      <p>
        Пишите и звоните по любым вопросам: подключение платформ и ЭДО, тарифы и оплата, быстрая оплата
        рейсов, персональные данные.
      </p>
      <ul className="space-y-1">
        <li>
          Email поддержки:{" "}
          <a className="text-brand-700 underline" href={`mailto:${operator.supportEmail}`}>
            {operator.supportEmail}
          </a>
        </li>
        <li>
          Телефон:{" "}
          <a className="text-brand-700 underline" href={telHref(operator.supportPhone)}>
            {operator.supportPhone}
          </a>{" "}
          (по будням с 9:00 до 18:00 по Москве)
        </li>
      </ul>

      <section aria-labelledby="contact-form-title" className="space-y-4 pt-4">
        <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
          Написать нам
        </h2>
        {answer?.sent ? (
          <p
            role="status"
            data-testid="contact-sent"
            className="rounded-lg bg-emerald-50 p-4 font-medium text-emerald-900"
          >
            {CONTACT_MESSAGES.sent} Мы ответим на указанный email в течение рабочего дня.
          </p>
        ) : null}
        <form
          method="post"
          className="space-y-4 rounded-xl bg-white p-5 ring-1 ring-slate-200"
          {...getFormProps(form)}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Ваше имя"
              errors={fields.name.errors}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
            />
            <Field
              label="Email"
              errors={fields.email.errors}
              inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
            />
            <Field
              label="Телефон (необязательно)"
              errors={fields.phone.errors}
              inputProps={{
                ...getInputProps(fields.phone, { type: "tel" }),
                autoComplete: "tel",
                placeholder: "+7 999 123-45-67",
              }}
            />
          </div>
          {/* The honeypot: hidden from people and screen readers, filled only by bots. */}
          <div className="hidden" aria-hidden>
            <label htmlFor="contact-website">Сайт</label>
            <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <div>
            <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium text-slate-700">
              Сообщение
            </label>
            <textarea
              {...getTextareaProps(fields.message)}
              rows={6}
              maxLength={MAX_MESSAGE_LENGTH}
              aria-invalid={messageErrorId ? true : undefined}
              aria-describedby={[messageErrorId, `${fields.message.id}-hint`].filter(Boolean).join(" ")}
              className={`block w-full rounded-lg border px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${messageErrorId ? "border-red-500" : "border-slate-300"}`}
            />
            <p id={`${fields.message.id}-hint`} className="mt-1 text-xs text-slate-600">
              До {MAX_MESSAGE_LENGTH} символов
            </p>
            <ErrorList id={messageErrorId} errors={fields.message.errors} />
          </div>
          <ErrorList id={form.errorId} errors={form.errors} />
          <p className="text-xs text-slate-600">
            Отправляя сообщение, вы соглашаетесь на обработку указанных данных для ответа на обращение по{" "}
            <a href="/privacy" className="underline">
              Политике обработки персональных данных
            </a>
            .
          </p>
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
          >
            Отправить
          </button>
        </form>
      </section>

      <section aria-labelledby="requisites-title" className="space-y-3 pt-4">
        <h2 id="requisites-title" className="text-xl font-semibold text-slate-900">
          Реквизиты
        </h2>
        <Requisites operator={operator} />
      </section>
    </LegalPage>
  );
}
