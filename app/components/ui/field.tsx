import { useState, type InputHTMLAttributes, type ReactNode } from "react";

type Errors = string[] | undefined;

export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600" role="alert">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type FieldProps = {
  label: ReactNode;
  errors?: Errors;
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
  trailing?: ReactNode;
};

/** Label, input and errors wired for assistive technology the same way in every form. */
export function Field({ label, errors, hint, inputProps, trailing }: FieldProps) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  return (
    <div>
      <label htmlFor={inputProps.id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          {...inputProps}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
          className={`block w-full rounded-lg border px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500 read-only:bg-slate-100 read-only:text-slate-600 ${
            errorId ? "border-red-500" : "border-slate-300"
          } ${trailing ? "pr-12" : ""}`}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A password field with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, "trailing">) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      inputProps={{ ...props.inputProps, type: visible ? "text" : "password" }}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 px-3 text-sm text-slate-500 hover:text-slate-800"
          aria-label={visible ? "Скрыть пароль" : "Показать пароль"}
          aria-pressed={visible}
        >
          {visible ? "Скрыть" : "Показать"}
        </button>
      }
    />
  );
}
