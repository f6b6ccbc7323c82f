// The EDO analytics filters (spec 2 §2.2, spec 3 §9), shared by GET /api/edo/analytics and the
// /dashboard/analytics page (in the browser too): kept apart from the queries so no database
// code reaches the browser. Decision 0058 says what each filter means over the mirror.
import { z } from "zod";
import { edoDocumentsQuerySchema, edoLoginQuerySchema, flag } from "./schemas";

/** "How many documents to analyse": the most recent N (spec 2 §9). */
export const ANALYTICS_LIMITS = [500, 1000, 2000, 5000] as const;
export const DEFAULT_ANALYTICS_LIMIT = 1000;
/** The status filter's options (spec 3 §9); any status code is accepted. */
export const ANALYTICS_STATUSES = [
  "ON_TRNACLGROT",
  "ON_TRNACLPPRIN",
  "ON_TRNACLGRPO",
  "ON_TRNACLPVYN",
] as const;

/** The documents list's period and status, as GET /api/edo/documents reads them. */
const { period, status } = edoDocumentsQuerySchema.shape;

export const edoAnalyticsFiltersSchema = z.object({
  period: period.describe("0 — все (см. allQuarters) или квартал ГГГГК по Москве, например 20243"),
  status: status.describe("Код статуса документа; пусто или 0 — все статусы"),
  limit: z.coerce
    .number({ error: "limit: 500, 1000, 2000 или 5000" })
    .refine((value) => (ANALYTICS_LIMITS as readonly number[]).includes(value), {
      error: "limit: 500, 1000, 2000 или 5000",
    })
    .default(DEFAULT_ANALYTICS_LIMIT)
    .describe("Сколько последних документов анализировать"),
  allQuarters: flag("allQuarters")
    .default(true)
    .describe("При period 0: true — все кварталы 2023–2025, false — последние 3 месяца"),
});
export type EdoAnalyticsFilters = z.output<typeof edoAnalyticsFiltersSchema>;

/** GET /api/edo/analytics: the company's login and the filters. */
export const edoAnalyticsRequestSchema = edoAnalyticsFiltersSchema.extend(edoLoginQuerySchema.shape);
