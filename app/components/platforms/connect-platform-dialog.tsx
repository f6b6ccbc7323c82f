import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { MouseEvent } from "react";
import type { Platform } from "../../../workers/core/platforms/catalogue";
import { newConnectionSchema } from "../../../workers/core/platforms/schemas";
import { ErrorList, Field, PasswordField } from "~/components/ui/field";
import { DialogActions } from "~/components/ui/dialog-actions";
import { Modal } from "~/components/ui/modal";
import { useSchemaForm } from "~/lib/forms";

/**
 * The connect modal (spec 1 §2 Platforms): platform, connection name, and the carrier's login
 * and password on that platform. The page's action checks them with the platform first.
 */
export function ConnectPlatformDialog({
  platforms,
  preselected,
  lastResult,
  closeHref,
  onClose,
}: {
  platforms: Platform[];
  preselected: string | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
  closeHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(newConnectionSchema, lastResult);
  const credentials = fields.credentials.getFieldset();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "connect";
  const platformValue = (fields.platform_id.initialValue as string | undefined) ?? preselected ?? "";
  const platformErrorId = fields.platform_id.errors?.length ? `${fields.platform_id.id}-error` : undefined;

  const cancel = (event: MouseEvent) => {
    event.preventDefault();
    onClose();
  };

  return (
    <Modal
      title="Подключение платформы"
      description="Укажите логин и пароль кабинета перевозчика на платформе: заказы с неё будут загружаться в «Заказы» автоматически."
      onClose={onClose}
    >
      <Form method="post" replace className="mt-5 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="connect" />
        <div>
          <label htmlFor={fields.platform_id.id} className="mb-1 block text-sm font-medium text-slate-700">
            Платформа
          </label>
          <select
            {...getSelectProps(fields.platform_id)}
            defaultValue={platformValue}
            aria-invalid={platformErrorId ? true : undefined}
            aria-describedby={platformErrorId}
            data-autofocus={preselected ? undefined : ""}
            className={`block w-full rounded-lg border bg-white px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${
              platformErrorId ? "border-red-500" : "border-slate-300"
            }`}
          >
            <option value="">Выберите платформу</option>
            {platforms.map((platform) => (
              <option key={platform.id} value={platform.id}>
                {platform.display_name}
              </option>
            ))}
          </select>
          <ErrorList id={platformErrorId} errors={fields.platform_id.errors} />
        </div>
        <Field
          label="Название подключения"
          errors={fields.connection_name.errors}
          hint="Например, «Магнит — РЦ Краснодар»: так подключение будет подписано в списке"
          inputProps={{
            ...getInputProps(fields.connection_name, { type: "text" }),
            autoComplete: "off",
            ...(preselected ? { "data-autofocus": "" } : {}),
          }}
        />
        <Field
          label="Логин на платформе"
          errors={credentials.username.errors}
          inputProps={{
            ...getInputProps(credentials.username, { type: "text" }),
            // The platform's login, not this site's: the browser should not offer the saved one.
            autoComplete: "off",
            autoCapitalize: "none",
            spellCheck: false,
          }}
        />
        <PasswordField
          label="Пароль на платформе"
          errors={credentials.password.errors}
          inputProps={{
            ...getInputProps(credentials.password, { type: "password" }),
            autoComplete: "new-password",
          }}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <DialogActions
          closeHref={closeHref}
          onCancel={cancel}
          submitting={submitting}
          label="Подключить"
          busyLabel="Подключаем…"
        />
      </Form>
    </Modal>
  );
}
