import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * conform wired to one zod schema, the same one the action parses with: errors show when a
 * field is left and update while it is corrected.
 */
export function useSchemaForm<Input extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output, Input>,
  lastResult?: SubmissionResult<string[]>,
) {
  return useForm<Input, Output>({
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
}
