import { z } from "zod";
import type { CompanyLookup, CompanySuggestion } from "./company-lookup";

export const DADATA_PARTY_PATH = "/suggestions/api/4_1/rs/suggest/party";
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

/** Company look-up through DaData's suggestions API (`suggest/party`). */
export function createDadataLookup({
  baseUrl,
  apiKey,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: DadataOptions): CompanyLookup {
  const url = `${baseUrl.replace(/\/+$/, "")}${DADATA_PARTY_PATH}`;
  return {
    async suggest(query, count) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          Authorization: `Token ${apiKey}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify({ query, count }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        throw new Error(`dadata: HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
      }
      const parsed = partyResponseSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error(`dadata: unexpected answer: ${parsed.error.issues[0].message}`);
      return parsed.data.suggestions.map(toCompanySuggestion);
    },
  };
}
