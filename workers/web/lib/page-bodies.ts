import type { MiddlewareHandler } from "hono";
import type { AppBindings } from "../bindings";
import { refusalPage } from "./limits";

/** The methods Remix hands to a route's action. */
const ACTION_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What an HTML form, `<Form>` and `useFetcher().submit()` without a JSON or text encType send. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export const NOT_A_FORM = "Неподдерживаемый тип содержимого";
export const MALFORMED_FORM = "Некорректные данные формы";

/**
 * Page actions read their body with `request.formData()`, which throws, and Remix answers 500,
 * on anything but a well-formed form. So a request that would reach an action is refused
 * first, with a short Russian page and nothing changed: 415 when its content type (a missing
 * one included) is not a form's, 400 when the platform cannot parse its form body (a broken
 * multipart, a wrong boundary). The parse runs on a copy, so the action reads the same bytes.
 * Mounted on the Remix catch-all only: /api reads its bodies on its own terms.
 */
export const formBodiesOnly: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (!ACTION_METHODS.has(c.req.method)) return next();
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    return refusalPage(
      c,
      415,
      NOT_A_FORM,
      "Страница принимает только данные формы (application/x-www-form-urlencoded или multipart/form-data). Отправьте форму со страницы ещё раз.",
    );
  }
  try {
    await c.req.raw.clone().formData();
  } catch {
    return refusalPage(
      c,
      400,
      MALFORMED_FORM,
      "Данные формы повреждены, их не удалось прочитать. Отправьте форму со страницы ещё раз.",
    );
  }
  return next();
};
