import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "@remix-run/react";
import { AUTH_MESSAGES, signIn } from "../../workers/core/auth/accounts";
import { loginSchema } from "../../workers/core/auth/schemas";
import { statusOf } from "../../workers/web/wiring";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, PasswordField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/forms";
import { safeRedirect } from "~/lib/safe-redirect";
import { startBrowserSession } from "~/lib/session.server";
import { setToast } from "~/lib/toast.server";

export const meta: MetaFunction = () => [
  { title: "Вход — Рейс" },
  {
    name: "description",
    content: "Вход в кабинет перевозчика Рейс: заказы, ЭДО, быстрая оплата рейсов и финансы.",
  },
];

export function loader({ request, context }: LoaderFunctionArgs) {
  if (context.caller) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo"), request.url));
  }
  return null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const result = await signIn(context.db, {
    email: submission.value.email,
    password: submission.value.password,
    ip: context.clientIp,
    now: Date.now(),
  });
  if (!result.ok) {
    return data(submission.reply({ formErrors: [result.message], hideFields: ["password"] }), {
      status: statusOf(result.reason),
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await startBrowserSession(context, request, result.user.id));
  headers.append("Set-Cookie", await setToast({ type: "success", message: AUTH_MESSAGES.welcome }));
  return redirect(safeRedirect(submission.value.redirectTo, request.url), { headers });
}

export default function Login() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(loginSchema, lastResult);
  const submitting = navigation.state !== "idle" && navigation.formAction === "/login";
  return (
    <AuthCard
      title="Вход в систему"
      footer={
        <>
          Нет аккаунта?{" "}
          <Link to="/register" className="font-medium text-brand-600 hover:underline">
            Зарегистрироваться
          </Link>
        </>
      }
    >
      <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={{
            ...getInputProps(fields.email, { type: "email" }),
            autoComplete: "email",
            autoFocus: true,
          }}
        />
        <PasswordField
          label="Пароль"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "current-password",
          }}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="text-brand-600 hover:underline">
            Забыли пароль?
          </Link>
        </p>
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Входим…" : "Войти"}
        </Button>
      </Form>
    </AuthCard>
  );
}
