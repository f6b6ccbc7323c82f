import { edoDocumentsQuerySchema, type EdoDocumentsQuery } from "../../../workers/core/edo/schemas";
import { API_FILTER_PARAMS, pageOf, pageSizeOf } from "./filter-state";

/**
 * The documents query of the /edo page URL (the API's filter names, `limit`, and `page` for the
 * offset). A hand-edited value that cannot be read is ignored, as the orders page does.
 */
export function edoDocumentsQueryOf(params: URLSearchParams): { query: EdoDocumentsQuery; page: number } {
  const limit = pageSizeOf(params.get("limit"));
  const page = pageOf(params.get("page"));
  const raw: Record<string, string | number> = { limit, offset: (page - 1) * limit };
  for (const name of API_FILTER_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) raw[name] = value;
  }
  // Field checks and the dates' order are reported in separate passes: a few rounds drop them all.
  for (let round = 0; round < 3; round++) {
    const parsed = edoDocumentsQuerySchema.safeParse(raw);
    if (parsed.success) return { query: parsed.data, page };
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
  }
  return { query: edoDocumentsQuerySchema.parse({ limit }), page };
}
