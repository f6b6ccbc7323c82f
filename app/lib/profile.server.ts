// The profile page's loader and action (issue 25 item 5, decision 0078), shared by /profile and
// /sessions, which shows the same page: name and phone, the e-mail and its confirmation, the
// password change and the sessions.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { readProfile, updateProfile } from "../../workers/core/account/profile";
import { profileSchema } from "../../workers/core/account/schemas";
import { changePassword } from "../../workers/core/auth/email-links";
import { changePasswordSchema } from "../../workers/core/auth/recovery-schemas";
import { endOtherSessions, endSessionByHandle, listSessions } from "../../workers/core/auth/sessions";
import { statusOf } from "../../workers/web/wiring";
import type { ProfileAnswer } from "~/components/profile/profile-page";
import { describeUserAgent, plural } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";
import { toastHeaders, type Toast } from "~/lib/toast.server";

export async function profileLoader(context: AppLoadContext, request: Request) {
  const { user, session } = requireCaller(context, request);
  const [profile, sessions] = await Promise.all([
    readProfile(context.db, user.id),
    listSessions(context.db, user.id, session.id, Date.now()),
  ]);
  if (!profile) throw data("Пользователь не найден", { status: 404 });
  return {
    profile,
    companyName: user.company.name,
    sessions: sessions.map((s) => ({ ...s, device: describeUserAgent(s.userAgent) })),
  };
}

const answer = async (body: ProfileAnswer, status: number, toast?: Toast) =>
  data(body, { status, headers: toast ? await toastHeaders(toast) : undefined });

const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];

/** `intent`: profile (name, phone), password, end-others, end (sessionId). */
export async function profileAction(context: AppLoadContext, request: Request) {
  const { user, session } = requireCaller(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success")
      return answer({ intent, ok: false, result: submission.reply() }, 400);
    const outcome = await updateProfile(context.db, user.id, submission.value);
    if (!outcome.ok)
      return answer({ intent, ok: false, result: submission.reply({ formErrors: [outcome.message] }) }, 404);
    return answer({ intent, ok: true, result: submission.reply() }, 200, {
      type: "success",
      message: outcome.message,
    });
  }
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    if (submission.status !== "success")
      return answer({ intent, ok: false, result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, 400);
    const outcome = await changePassword(context.db, {
      userId: user.id,
      sessionId: session.id,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.password,
      now: Date.now(),
    });
    if (!outcome.ok) {
      const errors =
        outcome.reason === "invalid"
          ? { fieldErrors: { currentPassword: [outcome.message] } }
          : { formErrors: [outcome.message] };
      const status = outcome.reason === "invalid" ? 400 : statusOf(outcome.reason);
      return answer(
        { intent, ok: false, result: submission.reply({ ...errors, hideFields: PASSWORD_FIELDS }) },
        status,
      );
    }
    return answer({ intent, ok: true, result: submission.reply({ resetForm: true }) }, 200, {
      type: "success",
      message: outcome.message,
    });
  }
  if (intent === "end-others") {
    const ended = await endOtherSessions(context.db, user.id, session.id);
    const message =
      ended === 0
        ? "Других сеансов нет."
        : `Завершено ${ended} ${plural(ended, ["сеанс", "сеанса", "сеансов"])}.`;
    return answer({ intent, ok: true }, 200, { type: "success", message });
  }
  const ended = await endSessionByHandle(context.db, user.id, String(formData.get("sessionId") ?? ""));
  return ended
    ? answer({ intent: "end", ok: true }, 200, { type: "success", message: "Сеанс завершён." })
    : answer({ intent: "end", ok: false }, 404, {
        type: "error",
        message: "Сеанс не найден: возможно, он уже завершён.",
      });
}
