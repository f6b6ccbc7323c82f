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
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { requestPasswordReset } from "../../workers/core/auth/email-links";
import { forgotPasswordSchema } from "../../workers/core/auth/recovery-schemas";
import { statusOf } from "../../workers/web/wiring";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { linkDepsOf, originOf } from "~/lib/email-links.server";
import { useSchemaForm } from "~/lib/forms";
import { ownHeaders } from "~/lib/route-headers";

// The action's Retry-After on a refused burst reaches the browser only through a headers export.
export const headers: HeadersFunction = ownHeaders;

export const meta: MetaFunction = () => [
  { title: "Восстановление пароля — Рейс" },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: LoaderFunctionArgs) {
  if (context.caller) throw redirect("/dashboard");
  return null;
}

/**
 * The same answer for a registered and an unknown address (the work is the same too: a throttle
 * hit and a queue message); only a burst is refused, by address and by IP.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success")
    return data({ sent: null, result: submission.reply() }, { status: 400 });
  const outcome = await requestPasswordReset(linkDepsOf(context), {
    email: submission.value.email,
    ip: context.clientIp,
    origin: originOf(request),
  });
  if (!outcome.ok)
    return data(
      { sent: null, result: submission.reply({ formErrors: [outcome.message] }) },
      {
        status: statusOf(outcome.reason),
        headers: outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : undefined,
      },
    );
  return { sent: outcome.message, result: submission.reply({ resetForm: true }) };
}

export default function ForgotPassword() {
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(forgotPasswordSchema, answer?.result);
  const submitting = navigation.state !== "idle" && navigation.formAction === "/forgot-password";
  return (
    <AuthCard
      title="Восстановление пароля"
      subtitle="Укажите email, с которым вы регистрировались: пришлём ссылку для смены пароля."
      footer={
        <>
          Вспомнили пароль?{" "}
          <Link to="/login" className="font-medium text-brand-600 hover:underline">
            Войти
          </Link>
        </>
      }
    >
      {answer?.sent ? (
        <p
          role="status"
          data-testid="reset-requested"
          className="mt-6 rounded-lg bg-emerald-50 p-4 text-sm text-emerald-900"
        >
          {answer.sent}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            autoFocus: true,
          }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Отправляем…" : "Отправить ссылку"}
        </Button>
      </Form>
    </AuthCard>
  );
}
