import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * conform wired to one zod schema, the same one the action parses with: errors show on the
 * first submit and then update while a field is corrected. Not on leaving a field: errors
 * appearing then push the submit button down under the pointer, and the click that left the
 * field never reaches it (on a phone, where the form is one column, it always did).
 */
export function useSchemaForm<Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  lastResult?: SubmissionResult<string[]>,
) {
  return useForm<Input, Output>({
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
