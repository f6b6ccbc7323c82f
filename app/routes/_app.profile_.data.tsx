// «Мои данные» (issue 25 item 6; decision 0079): a copy of the user's personal data as JSON and
// the account's deletion, confirmed by the current password (152-ФЗ ст. 14, 21).
import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { deleteAccount, DELETION_MESSAGES, mustHandOver } from "../../workers/core/privacy/deletion";
import { accountDeletionSchema } from "../../workers/core/privacy/schemas";
import { statusOf } from "../../workers/web/wiring";
import { KeptAfterDeletion } from "~/components/privacy/kept-after-deletion";
import { Button } from "~/components/ui/button";
import { ErrorList, PasswordField } from "~/components/ui/field";
import { track } from "~/lib/analytics";
import { useSchemaForm } from "~/lib/forms";
import { clearSessionCookie, requireCaller } from "~/lib/session.server";
import { setToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Мои данные — Рейс" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  return {
    email: user.email,
    handOver: await mustHandOver(context.db, user.id, user.company.id),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = requireCaller(context, request);
  const submission = parseWithZod(await request.formData(), { schema: accountDeletionSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await deleteAccount(context.db, {
    userId: user.id,
    password: submission.value.password,
    now: Date.now(),
  });
  if (!outcome.ok)
    return data(
      { result: submission.reply({ formErrors: [outcome.message] }) },
      {
        status: statusOf(outcome.reason),
        headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
      },
    );
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionCookie(context, request));
  headers.append("Set-Cookie", await setToast({ type: "success", message: outcome.message }));
  return redirect("/account-deleted", { headers });
}

const card = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

function ExportCard() {
  return (
    <section className={card} aria-labelledby="export-heading">
      <h2 id="export-heading" className="text-lg font-semibold">
        Скачать мои данные
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Файл JSON со всем, что Рейс хранит о вас: профиль, сеансы входа, приглашения, обращения, настройки,
        ваши платежи и события использования сервиса. Руководитель получает и данные компании, за которые
        отвечает: реквизиты, контакты из партнёрских ссылок, приглашения, названия подключённых учётных
        записей (без паролей и токенов).
      </p>
      <a
        href="/api/privacy/export"
        download
        className="mt-4 inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white transition hover:bg-brand-700"
        onClick={() => track({ eventType: "click", eventCategory: "profile", eventAction: "data_exported" })}
      >
        Скачать JSON
      </a>
    </section>
  );
}

function DeleteCard() {
  const { email, handOver } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(accountDeletionSchema, answer?.result);
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <section className={`${card} ring-red-200`} aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="text-lg font-semibold text-red-700">
        Удалить аккаунт
      </h2>
      <div className="mt-2 space-y-2 text-sm text-slate-700" id="delete-warning">
        <p>
          <strong>Это необратимо.</strong> Все сеансы завершатся сразу, профиль ({email}), настройки,
          обращения и история использования будут удалены, войти с этим e-mail больше не получится.
        </p>
        <KeptAfterDeletion />
      </div>
      {handOver ? (
        <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {DELETION_MESSAGES.handOverFirst}{" "}
          <Link to="/members" className="font-medium underline">
            Перейти к сотрудникам
          </Link>
        </p>
      ) : null}
      <Form
        method="post"
        className="mt-4 max-w-sm space-y-3"
        {...getFormProps(form)}
        onSubmit={(event) => {
          form.onSubmit(event);
          if (!event.defaultPrevented)
            track({ eventType: "click", eventCategory: "profile", eventAction: "account_delete_submitted" });
        }}
      >
        <PasswordField
          label="Текущий пароль"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" variant="danger" disabled={sending}>
          {sending ? "Удаляем…" : "Удалить аккаунт навсегда"}
        </Button>
      </Form>
    </section>
  );
}

export default function MyData() {
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <p className="text-sm">
          <Link to="/profile" className="text-brand-700 hover:underline">
            ← Профиль
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-semibold">Мои данные</h1>
      </div>
      <ExportCard />
      <DeleteCard />
    </div>
  );
}
