import { parseWithZod } from "@conform-to/zod/v4";
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { saveRequisites } from "../../workers/core/finance/requisites";
import { bankRequisitesSchema } from "../../workers/core/requisites/schemas";
import type { RequisitesAnswer } from "~/components/finance/requisites-form";
import { depsOf } from "~/lib/deps.server";
import { toastHeaders } from "~/lib/toast.server";

/**
 * The requisites form's action (on /finance and /company): checked by the schema, then by the
 * bank directory; a refusal keeps what was typed with the reason on its field.
 */
export async function requisitesAction(context: AppLoadContext, companyId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: bankRequisitesSchema });
  if (formData.get("intent") !== "requisites" || submission.status !== "success")
    return data<RequisitesAnswer>({ result: submission.reply(), saved: false }, { status: 400 });
  let outcome;
  try {
    outcome = await saveRequisites(
      context.db,
      depsOf(context).bankLookup(),
      companyId,
      submission.value,
      Date.now(),
    );
  } catch (error) {
    console.error("requisites not saved", error);
    const message = "Не удалось сохранить реквизиты. Повторите попытку";
    return data<RequisitesAnswer>(
      { result: submission.reply({ formErrors: [message] }), saved: false },
      { status: 500, headers: await toastHeaders({ type: "error", message }) },
    );
  }
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return data<RequisitesAnswer>(
      { result, saved: false },
      { status: outcome.reason === "unavailable" ? 503 : 400 },
    );
  }
  return data<RequisitesAnswer>(
    { result: submission.reply(), saved: true },
    { headers: await toastHeaders({ type: "success", message: "Реквизиты сохранены" }) },
  );
}
