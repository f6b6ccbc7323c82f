import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { endOtherSessions, endSessionByHandle, listSessions } from "../../workers/core/auth/sessions";
import { Button } from "~/components/ui/button";
import { describeUserAgent, formatDateTime, plural } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";
import { toastHeaders } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Активные сеансы — Рейс" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, session } = requireCaller(context, request);
  const sessions = await listSessions(context.db, user.id, session.id, Date.now());
  return {
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      company: user.company,
    },
    sessions: sessions.map((s) => ({ ...s, device: describeUserAgent(s.userAgent) })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, session } = requireCaller(context, request);
  const form = await request.formData();
  if (form.get("intent") === "end-others") {
    const ended = await endOtherSessions(context.db, user.id, session.id);
    const message =
      ended === 0
        ? "Других сеансов нет."
        : `Завершено ${ended} ${plural(ended, ["сеанс", "сеанса", "сеансов"])}.`;
    return data({ ok: true }, { headers: await toastHeaders({ type: "success", message }) });
  }
  const ended = await endSessionByHandle(context.db, user.id, String(form.get("sessionId") ?? ""));
  const toast = ended
    ? { type: "success" as const, message: "Сеанс завершён." }
    : { type: "error" as const, message: "Сеанс не найден: возможно, он уже завершён." };
  return data({ ok: ended }, { status: ended ? 200 : 404, headers: await toastHeaders(toast) });
}

export default function Sessions() {
  const { user, sessions } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const others = sessions.filter((s) => !s.current).length;
  return (
    <div className="max-w-3xl space-y-6">
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-2xl font-semibold">
          {user.firstName} {user.lastName}
        </h1>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-500">Email</dt>
            <dd>{user.email}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Телефон</dt>
            <dd>{user.phone}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Компания</dt>
            <dd>{user.company.name}</dd>
          </div>
          <div>
            <dt className="text-slate-500">ИНН</dt>
            <dd>{user.company.inn ?? "не указан"}</dd>
          </div>
        </dl>
      </section>
      <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Активные сеансы</h2>
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="end-others"
              variant="secondary"
              disabled={busy || others === 0}
            >
              Завершить все, кроме текущего
            </Button>
          </Form>
        </div>
        <ul className="mt-4 divide-y divide-slate-100" data-testid="sessions">
          {sessions.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3 sm:flex-nowrap">
              <div className="min-w-0">
                <div className="font-medium">
                  {s.device}
                  {s.kind === "api" ? " · API" : ""}
                  {s.current ? (
                    <span className="ml-2 rounded bg-green-100 px-2 py-0.5 text-xs text-green-800">
                      этот сеанс
                    </span>
                  ) : null}
                </div>
                <div className="text-sm text-slate-500">
                  Вход: {formatDateTime(s.createdAt)} · Активность: {formatDateTime(s.lastSeenAt)}
                  {s.ip ? ` · IP ${s.ip}` : ""}
                </div>
              </div>
              {s.current ? null : (
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="sessionId" value={s.id} />
                  <Button type="submit" name="intent" value="end" variant="ghost" disabled={busy}>
                    Завершить
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
