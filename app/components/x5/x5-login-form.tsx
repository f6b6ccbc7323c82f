import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { x5AuthSchema } from "../../../workers/core/x5/schemas";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, PasswordField } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/forms";

/**
 * The X5 login (spec 3 §5): an e-mail-type login and a masked password; the page's action
 * exchanges them with X5 for a token. `renewing` when the stored token has expired.
 */
export function X5LoginForm({
  renewing,
  lastResult,
}: {
  renewing: boolean;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(x5AuthSchema, lastResult);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "auth";

  return (
    <Form method="post" replace className="space-y-4" {...getFormProps(form)} data-testid="x5-login-form">
      {renewing ? (
        <p className="text-sm text-slate-600">
          Получите новый токен: введите логин и пароль кабинета перевозчика X5.
        </p>
      ) : null}
      <input type="hidden" name="intent" value="auth" />
      <Field
        label="Логин X5"
        errors={fields.userName.errors}
        inputProps={{
          ...getInputProps(fields.userName, { type: "email" }),
          autoComplete: "username",
          autoCapitalize: "none",
          spellCheck: false,
        }}
      />
      <PasswordField
        label="Пароль X5"
        errors={fields.password.errors}
        inputProps={{
          ...getInputProps(fields.password, { type: "password" }),
          autoComplete: "current-password",
        }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={submitting} className="w-full sm:w-auto">
        {submitting ? "Получаем токен…" : "Получить токен"}
      </Button>
    </Form>
  );
}
