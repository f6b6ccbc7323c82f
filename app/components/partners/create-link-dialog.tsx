import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent, type MouseEvent } from "react";
import { toast } from "sonner";
import {
  MAX_INN_LENGTH,
  PARTNER_LINK_MESSAGES,
  partnerLinkSchema,
} from "../../../workers/core/partners/link-schema";
import { CompanyAutocomplete, type CompanySuggestion } from "~/components/auth/company-autocomplete";
import { ErrorList, Field } from "~/components/ui/field";
import { DialogActions } from "~/components/ui/dialog-actions";
import { Modal } from "~/components/ui/modal";
import { useSchemaForm } from "~/lib/forms";

const digitsOnly = (value: string) => value.replace(/\D/g, "").slice(0, MAX_INN_LENGTH);

/**
 * The create-link dialog (spec 1 §2, rules and messages §5): the invited company, found with
 * the registration form's company look-up or typed in, and its contact person.
 */
export function CreateLinkDialog({
  lastResult,
  closeHref,
  onClose,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  closeHref: string;
  onClose: () => void;
}) {
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(partnerLinkSchema, lastResult);
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  // The INN and address are filled from the look-up, so the form holds them itself.
  const [inn, setInn] = useState(() => digitsOnly(String(fields.companyInn.initialValue ?? "")));
  const [address, setAddress] = useState(() => String(fields.companyAddress.initialValue ?? ""));
  const formProps = getFormProps(form);

  function fillFrom(company: CompanySuggestion) {
    setInn(digitsOnly(company.data.inn ?? ""));
    setAddress(company.data.address.value ?? "");
    toast.success(PARTNER_LINK_MESSAGES.autofilled);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    // conform stops a submission that fails the rules in the browser.
    if (event.defaultPrevented) toast.error(PARTNER_LINK_MESSAGES.fixForm);
  };

  const cancel = (event: MouseEvent) => {
    event.preventDefault();
    onClose();
  };

  // Controlled: conform's key and defaultValue would reset what the look-up filled in.
  const {
    key: _innKey,
    defaultValue: _innDefault,
    ...innInput
  } = getInputProps(fields.companyInn, { type: "text" });
  const {
    key: _addressKey,
    defaultValue: _addressDefault,
    ...addressInput
  } = getInputProps(fields.companyAddress, {
    type: "text",
  });

  return (
    <Modal
      title="Новая партнерская ссылка"
      description="Укажите компанию, которую приглашаете, и контактное лицо: по ссылке откроется быстрая регистрация с этими данными."
      onClose={onClose}
    >
      <Form method="post" replace className="mt-5 space-y-4" {...formProps} onSubmit={onSubmit}>
        <input type="hidden" name="intent" value="create" />
        <fieldset className="space-y-4">
          <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-slate-500">
            Компания
          </legend>
          <CompanyAutocomplete
            inputProps={{
              ...getInputProps(fields.companyName, { type: "text" }),
              ...{ "data-autofocus": "" },
            }}
            errors={fields.companyName.errors}
            onSelect={fillFrom}
            onEdit={() => undefined}
          />
          <Field
            label="ИНН"
            errors={fields.companyInn.errors}
            hint="10 или 12 цифр"
            inputProps={{
              ...innInput,
              value: inn,
              onChange: (event) => setInn(digitsOnly(event.target.value)),
              inputMode: "numeric",
              maxLength: MAX_INN_LENGTH,
              autoComplete: "off",
            }}
          />
          <Field
            label="Адрес компании"
            errors={fields.companyAddress.errors}
            inputProps={{
              ...addressInput,
              value: address,
              onChange: (event) => setAddress(event.target.value),
              autoComplete: "off",
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Телефон компании"
              errors={fields.companyPhone.errors}
              inputProps={{ ...getInputProps(fields.companyPhone, { type: "tel" }), autoComplete: "off" }}
            />
            <Field
              label="Email компании"
              errors={fields.companyEmail.errors}
              inputProps={{ ...getInputProps(fields.companyEmail, { type: "email" }), autoComplete: "off" }}
            />
          </div>
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold uppercase tracking-wide text-slate-500">
            Контактное лицо
          </legend>
          <Field
            label="Имя"
            errors={fields.contactFirstName.errors}
            inputProps={{ ...getInputProps(fields.contactFirstName, { type: "text" }), autoComplete: "off" }}
          />
          <Field
            label="Фамилия"
            errors={fields.contactLastName.errors}
            inputProps={{ ...getInputProps(fields.contactLastName, { type: "text" }), autoComplete: "off" }}
          />
          <Field
            label="Телефон"
            errors={fields.contactPhone.errors}
            inputProps={{ ...getInputProps(fields.contactPhone, { type: "tel" }), autoComplete: "off" }}
          />
          <Field
            label="Email"
            errors={fields.contactEmail.errors}
            inputProps={{ ...getInputProps(fields.contactEmail, { type: "email" }), autoComplete: "off" }}
          />
        </fieldset>
        <ErrorList id={form.errorId} errors={form.errors} />
        <DialogActions
          closeHref={closeHref}
          onCancel={cancel}
          submitting={submitting}
          label="Создать ссылку"
          busyLabel="Создаём…"
        />
      </Form>
    </Modal>
  );
}
