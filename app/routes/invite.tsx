import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { acceptInvitation, inspectInvitation } from "../../workers/core/members/members";
import { acceptInvitationSchema, ROLE_LABELS } from "../../workers/core/members/schemas";
import { statusOf } from "../../workers/web/wiring";
import { AuthCard } from "~/components/auth/auth-card";
import { NewPasswordFields } from "~/components/auth/new-password-fields";
import { LinkRefused } from "~/components/auth/link-refused";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/forms";
import { startBrowserSession } from "~/lib/session.server";
import { setToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [
  { title: "Приглашение в Рейс" },
  { name: "robots", content: "noindex" },
];

const SIGN_IN = { to: "/login", label: "Войти в кабинет" };

/**
 * A director's invitation link (decision 0076): the short registration while the link is usable,
 * else why not (404 unknown, 409 expired, 410 used). Opening the page changes nothing.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invitation = await inspectInvitation(context.db, token, Date.now());
  if (!invitation.ok)
    return data(
      { token, invitation: null, refused: invitation.message },
      { status: statusOf(invitation.reason) },
    );
  const { email, role, companyName } = invitation;
  return data({ token, invitation: { email, role, companyName }, refused: null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: acceptInvitationSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return data({ refused: null, result: submission.reply({ hideFields }) }, { status: 400 });
  const outcome = await acceptInvitation(context.db, { ...submission.value, now: Date.now() });
  if (!outcome.ok)
    return data({ refused: outcome.message, result: null }, { status: statusOf(outcome.reason) });
  const headers = new Headers();
  headers.append("Set-Cookie", await startBrowserSession(context, request, outcome.userId));
  headers.append("Set-Cookie", await setToast({ type: "success", message: outcome.message }));
  return redirect("/dashboard", { headers });
}

export default function Invite() {
  const { token, invitation, refused } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(acceptInvitationSchema, answer?.result ?? undefined);
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/invite");
  const why = answer?.refused ?? refused;
  if (why || !invitation)
    return <LinkRefused title="Приглашение не работает" message={why ?? ""} retry={SIGN_IN} />;
  return (
    <AuthCard
      title={`Приглашение в «${invitation.companyName}»`}
      subtitle={`Ваша роль: ${ROLE_LABELS[invitation.role].toLowerCase()}. Укажите имя и придумайте пароль — компанию регистрировать не нужно.`}
      footer={null}
    >
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="token" value={token} />
        <Field
          label="Email"
          hint="Адрес, на который пришло приглашение"
          inputProps={{ id: "invite-email", value: invitation.email, readOnly: true, autoComplete: "email" }}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Имя"
            errors={fields.firstName.errors}
            inputProps={{
              ...getInputProps(fields.firstName, { type: "text" }),
              autoComplete: "given-name",
              autoFocus: true,
            }}
          />
          <Field
            label="Фамилия"
            errors={fields.lastName.errors}
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
          />
        </div>
        <Field
          label="Телефон (необязательно)"
          errors={fields.phone.errors}
          inputProps={{
            ...getInputProps(fields.phone, { type: "tel" }),
            autoComplete: "tel",
            placeholder: "+7 999 123-45-67",
          }}
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Присоединяемся…" : "Присоединиться к компании"}
        </Button>
      </Form>
    </AuthCard>
  );
}
