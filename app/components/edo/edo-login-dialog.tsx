import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { EDO_MESSAGES, edoAuthSchema } from "../../../workers/core/edo/schemas";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { Modal } from "~/components/ui/modal";
import { useSchemaForm } from "~/lib/forms";
import { EdoCredentialsNotice } from "./credentials-notice";

/**
 * The EDO login modal (spec 2 §2.4, §5): the operator cabinet's login and password, both
 * required. `expiredLogin` prefills the login whose token has expired and says so.
 */
export function EdoLoginDialog({
  expiredLogin,
  lastResult,
  onClose,
}: {
  expiredLogin: string | null;
  lastResult: SubmissionResult<string[]> | undefined;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(edoAuthSchema, lastResult);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "connect";
  const login = fields.login.initialValue ?? expiredLogin ?? "";

  return (
    <Modal title="Подключение к ЭДО" description={<EdoCredentialsNotice />} onClose={onClose}>
      <Form method="post" replace className="mt-5 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="connect" />
        {expiredLogin ? (
          <p className="text-sm text-slate-700" data-testid="edo-token-expired">
            {EDO_MESSAGES.tokenExpired}
          </p>
        ) : null}
        <Field
          label="Логин ЭДО"
          errors={fields.login.errors}
          inputProps={{
            ...getInputProps(fields.login, { type: "text" }),
            defaultValue: login,
            // The operator's login, not this site's: the browser should not offer the saved one.
            autoComplete: "off",
            autoCapitalize: "none",
            spellCheck: false,
            ...(login ? {} : { "data-autofocus": "" }),
          }}
        />
        <Field
          label="Пароль"
          errors={fields.password.errors}
          inputProps={{
            ...getInputProps(fields.password, { type: "password" }),
            autoComplete: "new-password",
            ...(login ? { "data-autofocus": "" } : {}),
          }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={submitting}>
            Отмена
          </Button>
          <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
            {submitting ? (
              <span
                className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                aria-hidden
              />
            ) : null}
            Подключить
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
