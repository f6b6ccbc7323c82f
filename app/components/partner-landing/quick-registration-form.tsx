import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useRef, useState, type InputHTMLAttributes } from "react";
import { FUNNEL_CATEGORY, FUNNEL_EVENTS } from "../../../workers/core/partners/funnel";
import {
  partnerRegistrationSchema,
  type Utm,
} from "../../../workers/core/partners/quick-registration-schema";
import { PasswordStrengthMeter } from "./password-strength-meter";
import { Button } from "~/components/ui/button";
import { ErrorList, Field, PasswordField } from "~/components/ui/field";
import { track } from "~/lib/analytics";
import { useSchemaForm } from "~/lib/forms";
import type { QuickRegistrationDefaults } from "~/lib/partner-landing";

/** Spec 1 §8: the alert's title over the server's message. */
const FAILED = "Ошибка регистрации";

/**
 * The partner quick-registration form (spec 1 §5), prefilled from the lead. It posts to the
 * page's own action, so it works without JavaScript; with it, conform checks the same schema
 * on submit and then while fields are corrected.
 */
export function QuickRegistrationForm({
  token,
  defaults,
  lastResult,
  submitting,
  linkId,
  utm,
}: {
  token: string;
  defaults: QuickRegistrationDefaults;
  lastResult?: SubmissionResult<string[]>;
  submitting: boolean;
  linkId: string | null;
  utm: Utm;
}) {
  const [form, fields] = useSchemaForm(partnerRegistrationSchema, lastResult);
  const [password, setPassword] = useState("");
  const started = useRef(false);

  function trackStart() {
    if (started.current) return;
    started.current = true;
    track({
      eventType: FUNNEL_EVENTS.formStarted,
      eventCategory: FUNNEL_CATEGORY,
      eventAction: "start",
      ...(linkId ? { eventLabel: linkId } : {}),
      metadata: { ...utm },
    });
  }

  type TextName = keyof QuickRegistrationDefaults;
  const text = (
    name: TextName,
    type: "text" | "email" | "tel",
    extra: InputHTMLAttributes<HTMLInputElement> = {},
  ) => {
    const props = getInputProps(fields[name], { type });
    return { ...props, defaultValue: fields[name].initialValue ?? defaults[name], ...extra };
  };
  const formErrors = [...(form.errors ?? []), ...(fields.token.errors ?? [])];
  const termsErrorId = fields.agreedToTerms.errors?.length ? `${fields.agreedToTerms.id}-error` : undefined;

  return (
    <Form
      method="post"
      className="space-y-6"
      onInput={trackStart}
      data-testid="quick-registration-form"
      {...getFormProps(form)}
    >
      <input type="hidden" name={fields.token.name} value={token} />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
          Контактное лицо
        </legend>
        <Field
          label="Имя"
          errors={fields.firstName.errors}
          inputProps={text("firstName", "text", { autoComplete: "given-name" })}
        />
        <Field
          label="Фамилия"
          errors={fields.lastName.errors}
          inputProps={text("lastName", "text", { autoComplete: "family-name" })}
        />
        <Field
          label="Email"
          errors={fields.email.errors}
          inputProps={text("email", "email", { autoComplete: "email" })}
        />
        <Field
          label="Телефон"
          errors={fields.phone.errors}
          hint="В формате +7XXXXXXXXXX"
          inputProps={text("phone", "tel", { autoComplete: "tel", placeholder: "+79991234567" })}
        />
        <div className="sm:col-span-2">
          <PasswordField
            label="Пароль"
            errors={fields.password.errors}
            inputProps={{
              ...getInputProps(fields.password, { type: "password" }),
              autoComplete: "new-password",
              onChange: (event) => setPassword(event.currentTarget.value),
            }}
          />
          <PasswordStrengthMeter id={`${fields.password.id}-strength`} password={password} />
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
          Компания
        </legend>
        <div className="sm:col-span-2">
          <Field
            label="Название компании"
            errors={fields.companyName.errors}
            inputProps={text("companyName", "text", { autoComplete: "organization" })}
          />
        </div>
        <Field
          label="ИНН"
          errors={fields.companyInn.errors}
          inputProps={text("companyInn", "text", { inputMode: "numeric", maxLength: 12 })}
        />
        <Field
          label="Адрес компании"
          errors={fields.companyAddress.errors}
          inputProps={text("companyAddress", "text", { autoComplete: "street-address" })}
        />
      </fieldset>
      <div>
        <label className="flex items-start gap-3 text-sm text-slate-700">
          <input
            {...getInputProps(fields.agreedToTerms, { type: "checkbox" })}
            aria-invalid={termsErrorId ? true : undefined}
            aria-describedby={termsErrorId}
            className="mt-0.5 size-4 rounded border-slate-300"
          />
          <span>
            Я принимаю{" "}
            <Link to="/terms" target="_blank" className="text-brand-700 underline">
              пользовательское соглашение
            </Link>{" "}
            и{" "}
            <Link to="/privacy" target="_blank" className="text-brand-700 underline">
              политику обработки персональных данных
            </Link>
          </span>
        </label>
        <ErrorList id={termsErrorId} errors={fields.agreedToTerms.errors} />
      </div>
      {formErrors.length > 0 ? (
        <div
          id={form.errorId}
          role="alert"
          className="rounded-lg bg-red-50 p-4 text-sm text-red-800 ring-1 ring-red-200"
        >
          <p className="font-semibold">{FAILED}</p>
          <ul className="mt-1 space-y-0.5">
            {formErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <Button type="submit" className="w-full" disabled={submitting}>
        {submitting ? "Регистрируем…" : "Зарегистрироваться"}
      </Button>
    </Form>
  );
}
