// The profile page (issue 25 item 5, decision 0078): the user's name and phone, the e-mail and
// its confirmation, the password change and the active sessions. /profile and /sessions show it.
import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import type { Profile } from "../../../workers/core/account/profile";
import { profileSchema } from "../../../workers/core/account/schemas";
import { changePasswordSchema } from "../../../workers/core/auth/recovery-schemas";
import type { SessionSummary } from "../../../workers/core/auth/sessions";
import { ROLE_LABELS } from "../../../workers/core/members/schemas";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { trackAccount, useAccountPageView } from "~/components/profile/account-analytics";
import { SavedField, SaveRow, useAccountForm, type AccountAnswer } from "~/components/profile/account-form";
import { Button } from "~/components/ui/button";
import { ErrorList, PasswordField } from "~/components/ui/field";
import { formatDateTime } from "~/lib/format";

/** What the profile action answers: the intent it served and, for a form, conform's result. */
export type ProfileAnswer = AccountAnswer<"profile" | "password" | "end-others" | "end">;

type SerializedSession = Omit<SessionSummary, "createdAt" | "lastSeenAt"> & {
  createdAt: string | Date;
  lastSeenAt: string | Date;
  device: string;
};

export type ProfilePageData = { profile: Profile; companyName: string; sessions: SerializedSession[] };

const card = "rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

function PersonForm({ profile }: { profile: Profile }) {
  const { fetcher, form, fields, busy } = useAccountForm("profile", "profile", profileSchema, {
    done: "profile_saved",
    refused: "profile_refused",
  });
  return (
    <section className={card} aria-labelledby="person-heading">
      <h2 id="person-heading" className="text-lg font-semibold">
        Личные данные
      </h2>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="profile" />
        <SavedField
          field={fields.firstName}
          label="Имя"
          saved={profile.firstName}
          inputProps={{ autoComplete: "given-name" }}
        />
        <SavedField
          field={fields.lastName}
          label="Фамилия"
          saved={profile.lastName}
          inputProps={{ autoComplete: "family-name" }}
        />
        <SavedField
          field={fields.phone}
          label="Телефон"
          type="tel"
          saved={profile.phone}
          inputProps={{ autoComplete: "tel", placeholder: "+7 999 123-45-67" }}
        />
        <SaveRow errorId={form.errorId} errors={form.errors} busy={busy} />
      </fetcher.Form>
    </section>
  );
}

function EmailCard({ profile, companyName }: { profile: Profile; companyName: string }) {
  const location = useLocation();
  return (
    <section className={card} aria-labelledby="account-heading">
      <h2 id="account-heading" className="text-lg font-semibold">
        Учётная запись
      </h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Email (логин)</dt>
          <dd className="font-medium">{profile.email}</dd>
          <dd
            data-testid="email-state"
            className={profile.emailConfirmed ? "text-green-800" : "text-amber-800"}
          >
            {profile.emailConfirmed ? "Подтверждён" : "Не подтверждён"}
          </dd>
          {profile.emailConfirmed ? null : (
            <Form method="post" action="/confirm-email" className="mt-1">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="redirectTo" value={location.pathname} />
              <button type="submit" className="font-medium text-brand-700 underline hover:no-underline">
                Отправить письмо ещё раз
              </button>
            </Form>
          )}
        </div>
        <div>
          <dt className="text-slate-500">Компания и роль</dt>
          <dd className="font-medium">{companyName}</dd>
          <dd>{ROLE_LABELS[profile.role]}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm">
        <Link to="/profile/data" className="font-medium text-brand-700 hover:underline">
          Мои данные
        </Link>
        <span className="text-slate-500"> — выгрузить персональные данные или удалить учётную запись</span>
      </p>
    </section>
  );
}

function PasswordForm() {
  const { fetcher, form, fields, busy } = useAccountForm("profile", "password", changePasswordSchema, {
    done: "password_changed",
    refused: "password_refused",
  });
  return (
    <section className={card} aria-labelledby="password-heading">
      <h2 id="password-heading" className="text-lg font-semibold">
        Смена пароля
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        После смены пароля все остальные входы в кабинет (другие браузеры и API) завершатся.
      </p>
      <fetcher.Form method="post" className="mt-4 grid max-w-md gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <PasswordField
          label="Текущий пароль"
          errors={fields.currentPassword.errors}
          inputProps={{
            ...getInputProps(fields.currentPassword, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Сохраняем…" : "Сменить пароль"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function SessionsCard({ sessions }: { sessions: SerializedSession[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const others = sessions.filter((s) => !s.current).length;
  return (
    <section id="sessions" className={card} aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Активные сеансы
        </h2>
        <Form method="post" onSubmit={() => trackAccount("profile", "other_sessions_ended")}>
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
              <Form
                method="post"
                className="shrink-0"
                onSubmit={() => trackAccount("profile", "session_ended", s.kind)}
              >
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
  );
}

export function ProfilePage({ profile, companyName, sessions }: ProfilePageData) {
  useAccountPageView("profile");
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">Профиль</h1>
      <PersonForm profile={profile} />
      <EmailCard profile={profile} companyName={companyName} />
      <PasswordForm />
      <SessionsCard sessions={sessions} />
    </div>
  );
}
