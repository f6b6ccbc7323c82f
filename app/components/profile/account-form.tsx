import { getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import type { InputHTMLAttributes } from "react";
import type { z } from "zod";
import { useAnswerTracking } from "~/components/profile/account-analytics";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { useSchemaForm } from "~/lib/forms";

/** What the profile and company actions answer a form: the intent it served and conform's result. */
export type AccountAnswer<Intent extends string = string> = {
  intent: Intent;
  ok: boolean;
  result?: SubmissionResult<string[]>;
};

/**
 * A form of the profile or company page, sent by a fetcher of its own so each form sees only
 * its own answer; the answer is reported to analytics as `done` or `refused`.
 */
export function useAccountForm<Input extends Record<string, unknown>, Output>(
  section: "profile" | "company",
  intent: string,
  schema: z.ZodType<Output, Input>,
  events: { done: string; refused: string },
) {
  const fetcher = useFetcher<AccountAnswer>();
  const answer = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(schema, answer?.result);
  useAnswerTracking(section, answer, events.done, events.refused);
  return { fetcher, form, fields, busy: fetcher.state !== "idle" };
}

/** A text field that starts from what is saved, or from what was sent when a save was refused. */
export function SavedField({
  field,
  label,
  saved,
  hint,
  type = "text",
  inputProps,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  saved: string | null;
  hint?: string;
  type?: "text" | "tel";
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <Field
      label={label}
      errors={field.errors}
      hint={hint}
      inputProps={{
        ...getInputProps(field, { type }),
        defaultValue: typeof field.initialValue === "string" ? field.initialValue : (saved ?? ""),
        ...inputProps,
      }}
    />
  );
}

/** The end of a form: its form-wide errors and the save button. */
export function SaveRow({ errorId, errors, busy }: { errorId: string; errors?: string[]; busy: boolean }) {
  return (
    <div className="sm:col-span-2">
      <ErrorList id={errorId} errors={errors} />
      <Button type="submit" disabled={busy}>
        {busy ? "Сохраняем…" : "Сохранить"}
      </Button>
    </div>
  );
}
