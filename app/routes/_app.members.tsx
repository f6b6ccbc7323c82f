// The company's members and invitations (issue 25 item 3; decision 0076): a director invites a
// colleague by e-mail with a role, changes a member's role and removes a member (their sessions
// end at once). Anyone but a director is answered 403.
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Form,
  isRouteErrorResponse,
  useActionData,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRouteError,
} from "@remix-run/react";
import { useState } from "react";
import {
  changeMemberRole,
  inviteMember,
  listMembers,
  removeMember,
} from "../../workers/core/members/members";
import {
  COMPANY_ROLES,
  companyRoleField,
  invitationSchema,
  ROLE_LABELS,
} from "../../workers/core/members/schemas";
import { statusOf } from "../../workers/web/wiring";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { PageLoadError } from "~/components/ui/load-error";
import { track } from "~/lib/analytics";
import { linkDepsOf, originOf } from "~/lib/email-links.server";
import { formatDateTime } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";
import { toastHeaders } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Сотрудники — Рейс" }];

const TITLE = "Сотрудники";

export const MEMBERS_PAGE_TEXTS = {
  empty: "Кроме вас, в компании пока никого нет. Пригласите диспетчера или водителя по e-mail.",
  loadFailed: "Не удалось загрузить список сотрудников",
  forbidden: "Управлять сотрудниками может только руководитель компании.",
  neverActive: "не входил(а)",
  badForm: "Некорректные данные формы",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Directors only: requireCaller answers anyone else 403 (the page's roles, decision 0077).
  const { user } = requireCaller(context, request);
  const { members, invitations } = await listMembers(context.db, user.company.id, Date.now());
  return { selfId: user.id, members, invitations };
}

type Answer = { ok: boolean; message: string };

async function answer(
  outcome:
    { ok: true; message: string } | { ok: false; reason: Parameters<typeof statusOf>[0]; message: string },
) {
  const toast = { type: outcome.ok ? ("success" as const) : ("error" as const), message: outcome.message };
  return data<Answer>(
    { ok: outcome.ok, message: outcome.message },
    { status: outcome.ok ? 200 : statusOf(outcome.reason), headers: await toastHeaders(toast) },
  );
}

/** `intent`: invite (email, role), role (memberId, role) or remove (memberId). */
export async function action({ request, context }: ActionFunctionArgs) {
  // Directors only: requireCaller answers anyone else 403 (the page's roles, decision 0077).
  const { user } = requireCaller(context, request);
  const form = Object.fromEntries(await request.formData());
  const companyId = user.company.id;
  const memberId = String(form.memberId ?? "");
  if (form.intent === "invite") {
    const parsed = invitationSchema.safeParse(form);
    if (!parsed.success)
      return data<Answer>({ ok: false, message: parsed.error.issues[0].message }, { status: 400 });
    return answer(
      await inviteMember(linkDepsOf(context), {
        inviterId: user.id,
        companyId,
        email: parsed.data.email,
        role: parsed.data.role,
        origin: originOf(request),
      }),
    );
  }
  if (form.intent === "role") {
    const role = companyRoleField.safeParse(form.role);
    if (!role.success)
      return data<Answer>({ ok: false, message: role.error.issues[0].message }, { status: 400 });
    return answer(await changeMemberRole(context.db, { companyId, memberId, role: role.data }));
  }
  if (form.intent === "remove") return answer(await removeMember(context.db, { companyId, memberId }));
  return data<Answer>({ ok: false, message: MEMBERS_PAGE_TEXTS.badForm }, { status: 400 });
}

const card = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";
const select =
  "rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500";

/** A members form sent: under analytics section "members", labelled with the role it names. */
function trackRoleForm(eventAction: "invitation_sent" | "role_changed", form: HTMLFormElement) {
  const role = String(new FormData(form).get("role"));
  track({ eventType: "click", eventCategory: "members", eventAction, eventLabel: role });
}

function RoleOptions() {
  return COMPANY_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

function InviteForm() {
  const navigation = useNavigation();
  const result = useActionData<typeof action>();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  return (
    <section className={card} aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-semibold">
        Пригласить сотрудника
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        На адрес придёт письмо со ссылкой: она действует 7 дней, сотрудник укажет имя и пароль и попадёт в
        вашу компанию с выбранной ролью.
      </p>
      <Form
        method="post"
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => trackRoleForm("invitation_sent", event.currentTarget)}
      >
        <input type="hidden" name="intent" value="invite" />
        <div className="flex min-w-64 flex-1 flex-col">
          <label htmlFor="invite-email" className="text-sm font-medium text-slate-700">
            Email сотрудника
          </label>
          <input
            id="invite-email"
            type="email"
            name="email"
            required
            autoComplete="off"
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:ring-2 focus:ring-brand-500"
          />
        </div>
        <div className="flex flex-col">
          <label htmlFor="invite-role" className="text-sm font-medium text-slate-700">
            Роль
          </label>
          <select id="invite-role" name="role" defaultValue="dispatcher" className={`mt-1 ${select}`}>
            <RoleOptions />
          </select>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Отправляем…" : "Пригласить"}
        </Button>
      </Form>
      {result && navigation.state === "idle" ? (
        <p
          role={result.ok ? "status" : "alert"}
          data-testid="invite-result"
          className={`mt-3 text-sm ${result.ok ? "text-green-800" : "text-red-700"}`}
        >
          {result.message}
        </p>
      ) : null}
    </section>
  );
}

type Member = ReturnType<typeof useLoaderData<typeof loader>>["members"][number];

function MemberRow({ member, self }: { member: Member; self: boolean }) {
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <tr data-testid="member-row" className="align-top">
      <td className="py-3 pr-4">
        <div className="font-medium">
          {name}
          {self ? (
            <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">вы</span>
          ) : null}
        </div>
        <div className="text-sm text-slate-500">{member.email}</div>
      </td>
      <td className="py-3 pr-4">
        <fetcher.Form
          method="post"
          className="flex flex-wrap items-center gap-2"
          onSubmit={(event) => trackRoleForm("role_changed", event.currentTarget)}
        >
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="memberId" value={member.id} />
          <label className="sr-only" htmlFor={`role-${member.id}`}>
            Роль: {name}
          </label>
          <select id={`role-${member.id}`} name="role" defaultValue={member.role} className={select}>
            <RoleOptions />
          </select>
          <Button type="submit" variant="secondary" disabled={busy}>
            Сохранить
          </Button>
        </fetcher.Form>
        {fetcher.data && !fetcher.data.ok ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {fetcher.data.message}
          </p>
        ) : null}
      </td>
      <td className="py-3 pr-4 text-sm text-slate-600">
        {member.lastActiveAt ? formatDateTime(member.lastActiveAt) : MEMBERS_PAGE_TEXTS.neverActive}
      </td>
      <td className="py-3 text-right">
        <Button type="button" variant="ghost" disabled={busy} onClick={() => setConfirming(true)}>
          Удалить
        </Button>
        {confirming ? (
          <ConfirmDialog
            title={`Удалить сотрудника ${name}?`}
            description="Учётная запись будет удалена, все входы сотрудника в кабинет завершатся сразу."
            confirmLabel="Удалить"
            onClose={() => setConfirming(false)}
            onConfirm={() => {
              track({ eventType: "click", eventCategory: "members", eventAction: "member_removed" });
              fetcher.submit({ intent: "remove", memberId: member.id }, { method: "post" });
            }}
          />
        ) : null}
      </td>
    </tr>
  );
}

export default function MembersPage() {
  const { selfId, members, invitations } = useLoaderData<typeof loader>();
  const alone = members.length <= 1 && invitations.length === 0;
  return (
    <div className="max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">{TITLE}</h1>
      <InviteForm />
      <section className={card} aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-lg font-semibold">
          Сотрудники компании
        </h2>
        {alone ? (
          <p className="mt-2 text-sm text-slate-600" data-testid="members-empty">
            {MEMBERS_PAGE_TEXTS.empty}
          </p>
        ) : null}
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="pb-2 pr-4 font-medium">Сотрудник</th>
                <th className="pb-2 pr-4 font-medium">Роль</th>
                <th className="pb-2 pr-4 font-medium">Последняя активность</th>
                <th className="pb-2 font-medium">
                  <span className="sr-only">Действия</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {members.map((member) => (
                <MemberRow key={member.id} member={member} self={member.id === selfId} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {invitations.length > 0 ? (
        <section className={card} aria-labelledby="invitations-heading">
          <h2 id="invitations-heading" className="text-lg font-semibold">
            Ожидают принятия
          </h2>
          <ul className="mt-3 divide-y divide-slate-100" data-testid="invitations">
            {invitations.map((invitation) => (
              <li key={`${invitation.email}-${String(invitation.createdAt)}`} className="py-2 text-sm">
                <span className="font-medium">{invitation.email}</span> · {ROLE_LABELS[invitation.role]} ·
                ссылка действует до {formatDateTime(invitation.expiresAt)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <PageLoadError
      heading={TITLE}
      title={forbidden ? MEMBERS_PAGE_TEXTS.forbidden : MEMBERS_PAGE_TEXTS.loadFailed}
      href="/members"
    />
  );
}
