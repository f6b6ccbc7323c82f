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
import { resetPassword } from "../../workers/core/auth/email-links";
import { resetPasswordSchema } from "../../workers/core/auth/recovery-schemas";
import { statusOf } from "../../workers/web/wiring";
import { AuthCard } from "~/components/auth/auth-card";
import { LinkRefused } from "~/components/auth/link-refused";
import { Button } from "~/components/ui/button";
import { ErrorList, PasswordField } from "~/components/ui/field";
import { linkPageData } from "~/lib/email-links.server";
import { useSchemaForm } from "~/lib/forms";
import { startBrowserSession } from "~/lib/session.server";
import { setToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [
  { title: "Новый пароль — Рейс" },
  { name: "robots", content: "noindex" },
];

const REQUEST_AGAIN = { to: "/forgot-password", label: "Запросить новую ссылку" };

/** The link's page: the new-password form while the link is usable, else why it is not. */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  linkPageData(context, request, "password_reset");

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return data({ refused: null, result: submission.reply({ hideFields }) }, { status: 400 });
  const outcome = await resetPassword(context.db, {
    token: submission.value.token,
    password: submission.value.password,
    now: Date.now(),
  });
  if (!outcome.ok)
    return data({ refused: outcome.message, result: null }, { status: statusOf(outcome.reason) });
  const headers = new Headers();
  headers.append("Set-Cookie", await startBrowserSession(context, request, outcome.userId));
  headers.append("Set-Cookie", await setToast({ type: "success", message: outcome.message }));
  return redirect("/dashboard", { headers });
}

export default function ResetPassword() {
  const { token, refused } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(resetPasswordSchema, answer?.result ?? undefined);
  const submitting = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password");
  const why = answer?.refused ?? refused;
  if (why) return <LinkRefused title="Ссылка не работает" message={why} retry={REQUEST_AGAIN} />;
  return (
    <AuthCard
      title="Новый пароль"
      subtitle="Придумайте новый пароль: после смены остальные входы в кабинет завершатся."
      footer={null}
    >
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="token" value={token} />
        <PasswordField
          label="Новый пароль"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            autoFocus: true,
          }}
        />
        <PasswordField
          label="Повторите пароль"
          errors={fields.confirmPassword.errors}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Сохраняем…" : "Сохранить пароль"}
        </Button>
      </Form>
    </AuthCard>
  );
}
