// The geo calls' payloads (spec 2 §7: POST /api/edo/geocode, POST /api/edo/calculate-route)
// and their texts, kept apart from the services so no database code reaches a browser bundle.
import { z } from "zod";

export const MAX_ADDRESS_LENGTH = 500;
export const MAX_ADDRESSES = 100;

export const GEO_MESSAGES = {
  addressNotFound: "Адрес не найден",
  fromNotFound: "Не удалось найти на карте адрес отправления",
  toNotFound: "Не удалось найти на карте адрес назначения",
  bothNotFound: "Не удалось найти на карте адреса отправления и назначения",
} as const;

const address = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(MAX_ADDRESS_LENGTH, { error: `Адрес не длиннее ${MAX_ADDRESS_LENGTH} символов` });

/** Up to 100 addresses at once: what a page of documents or a map view needs. */
export const geocodeRequestSchema = z.object({
  addresses: z
    .array(address("Адрес не может быть пустым"), { error: "addresses: нужен список адресов" })
    .min(1, { error: "Укажите хотя бы один адрес" })
    .max(MAX_ADDRESSES, { error: `Не больше ${MAX_ADDRESSES} адресов за один запрос` }),
});

export const routeRequestSchema = z.object({
  fromAddress: address("Укажите адрес отправления"),
  toAddress: address("Укажите адрес назначения"),
});
