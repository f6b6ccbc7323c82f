import { z } from "zod";
import type { BankLookup, BankSuggestion } from "./bank-lookup";
import type { CompanyLookup, CompanySuggestion } from "./company-lookup";
import { LookupServiceError } from "./lookup-service-error";

const SUGGESTIONS = "/suggestions/api/4_1/rs";
export const DADATA_PARTY_PATH = `${SUGGESTIONS}/suggest/party`;
export const DADATA_BANK_PATH = `${SUGGESTIONS}/suggest/bank`;
export const DADATA_FIND_BANK_PATH = `${SUGGESTIONS}/findById/bank`;
const DEFAULT_TIMEOUT_MS = 5_000;

export type DadataOptions = {
  /** https://suggestions.dadata.ru in production; the sandbox locally. */
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
};

const text = z.string().nullish();

/** The part of DaData's `suggest/party` answer the product reads; everything else is dropped. */
const partyResponseSchema = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      data: z.object({
        inn: text,
        kpp: text,
        ogrn: text,
        name: z.object({ short_with_opf: text, full_with_opf: text }).nullish(),
        address: z.object({ value: text }).nullish(),
      }),
    }),
  ),
});

type PartySuggestion = z.output<typeof partyResponseSchema>["suggestions"][number];

function toCompanySuggestion({ value, data }: PartySuggestion): CompanySuggestion {
  return {
    value,
    data: {
      name: {
        short_with_opf: data.name?.short_with_opf ?? null,
        full_with_opf: data.name?.full_with_opf ?? null,
      },
      inn: data.inn ?? null,
      kpp: data.kpp ?? null,
      ogrn: data.ogrn ?? null,
      address: { value: data.address?.value ?? null },
    },
  };
}

/** The part of DaData's bank suggestions (`suggest/bank`, `findById/bank`) the product reads. */
const bankResponseSchema = z.object({
  suggestions: z.array(
    z.object({
      value: z.string(),
      data: z.object({
        bic: z.string().regex(/^\d{9}$/),
        name: z.object({ payment: text, short: text }).nullish(),
        correspondent_account: text,
        payment_city: text,
        swift: text,
        inn: text,
        kpp: text,
        opf: z.object({ type: text }).nullish(),
        state: z.object({ status: text, liquidation_date: z.number().nullish() }).nullish(),
        address: z.object({ value: text }).nullish(),
      }),
    }),
  ),
});

type WireBank = z.output<typeof bankResponseSchema>["suggestions"][number];

const BANK_KINDS: Record<string, BankSuggestion["kind"]> = {
  BANK: "bank",
  BANK_BRANCH: "branch",
  NKO: "nko",
  NKO_BRANCH: "nko",
};

const BANK_STATUSES: Record<string, BankSuggestion["status"]> = {
  ACTIVE: "active",
  LIQUIDATING: "liquidating",
  LIQUIDATED: "liquidated",
};

function toBankSuggestion({ value, data }: WireBank): BankSuggestion {
  const liquidation = data.state?.liquidation_date;
  return {
    bic: data.bic,
    name: data.name?.payment ?? value,
    shortName: data.name?.short ?? value,
    correspondentAccount: data.correspondent_account ?? null,
    city: data.payment_city ?? null,
    address: data.address?.value ?? null,
    swift: data.swift ?? null,
    inn: data.inn ?? null,
    kpp: data.kpp ?? null,
    kind: BANK_KINDS[data.opf?.type ?? ""] ?? "other",
    // A bank DaData says nothing about is taken as working: the bank itself refuses otherwise.
    status: BANK_STATUSES[data.state?.status ?? ""] ?? "active",
    liquidatedOn: liquidation == null ? null : new Date(liquidation).toISOString().slice(0, 10),
  };
}

/**
 * One call of DaData's suggestions API: `body` posted as JSON to `path`, the answer checked
 * against `schema`. Failures reject with a LookupServiceError worded for the `directory`
 * («организаций», «банков»).
 */
function suggestionsClient(
  { baseUrl, apiKey, timeoutMs = DEFAULT_TIMEOUT_MS }: DadataOptions,
  directory: string,
) {
  const root = baseUrl.replace(/\/+$/, "");
  const name = `Справочник ${directory} (DaData)`;
  return async <T>(path: string, body: unknown, schema: z.ZodType<T>): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, {
        method: "POST",
        headers: {
          Authorization: `Token ${apiKey}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        throw new LookupServiceError(
          "timeout",
          `${name} не ответил за ${(timeoutMs / 1000).toLocaleString("ru-RU")} с`,
          null,
          {
            cause: error,
          },
        );
      }
      throw new LookupServiceError("unreachable", `${name} недоступен: нет соединения`, null, {
        cause: error,
      });
    }
    const { status } = response;
    if (!response.ok) {
      const detail = (await response.text().catch(() => "")).slice(0, 200);
      if (status === 401 || status === 403) {
        throw new LookupServiceError(
          "refused",
          `${name} не принял ключ доступа (HTTP ${status}): проверьте DADATA_API_KEY. ${detail}`,
          status,
        );
      }
      if (status === 429 || status >= 500) {
        throw new LookupServiceError("unavailable", `${name} временно недоступен (HTTP ${status})`, status);
      }
      throw new LookupServiceError("refused", `${name} отклонил запрос (HTTP ${status}): ${detail}`, status);
    }
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LookupServiceError(
        "unreadable",
        `${name} ответил в неожиданном формате (${issue.path.join(".")}: ${issue.message})`,
        status,
      );
    }
    return parsed.data;
  };
}

/** Company look-up through DaData's suggestions API (`suggest/party`). */
export function createDadataLookup(options: DadataOptions): CompanyLookup {
  const call = suggestionsClient(options, "организаций");
  return {
    async suggest(query, count) {
      const answer = await call(DADATA_PARTY_PATH, { query, count }, partyResponseSchema);
      return answer.suggestions.map(toCompanySuggestion);
    },
  };
}

/**
 * Bank look-up through DaData's bank suggestions: `findById/bank` by the exact БИК (DaData's
 * directory of the Bank of Russia's БИКs, liquidated banks included) and `suggest/bank` by what
 * the user types.
 */
export function createDadataBankLookup(options: DadataOptions): BankLookup {
  const call = suggestionsClient(options, "банков");
  return {
    async findByBic(bic) {
      const answer = await call(DADATA_FIND_BANK_PATH, { query: bic, count: 1 }, bankResponseSchema);
      const found = answer.suggestions.find((bank) => bank.data.bic === bic);
      return found ? toBankSuggestion(found) : null;
    },
    async suggest(query, count) {
      const answer = await call(DADATA_BANK_PATH, { query, count }, bankResponseSchema);
      return answer.suggestions.map(toBankSuggestion);
    },
  };
}
