import { decodeBase64, encodeBase64 } from "@oslojs/encoding";

// Secrets the product must use later but never show (platform passwords, API tokens), sealed
// with AES-256-GCM under a key from the CREDENTIALS_KEY secret. The additional data binds a
// ciphertext to its row, so one copied into another company's row does not open.

const VERSION = "v1";

/** Base64 to bytes WebCrypto takes (a plain ArrayBuffer behind them). */
const bytes = (base64: string) => new Uint8Array(decodeBase64(base64));
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(keyBase64: string): Promise<CryptoKey> {
  let key = keys.get(keyBase64);
  if (!key) {
    key = crypto.subtle.importKey("raw", bytes(keyBase64), "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(keyBase64, key);
  }
  return key;
}

/** `v1.<iv>.<ciphertext>` of the JSON of `value`, bound to `context` (e.g. the row's ids). */
export async function seal(keyBase64: string, value: unknown, context: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(context) },
    await importKey(keyBase64),
    new TextEncoder().encode(JSON.stringify(value)),
  );
  return [VERSION, encodeBase64(iv), encodeBase64(new Uint8Array(ciphertext))].join(".");
}

/** The value `seal` sealed with the same key and context; throws on any other. */
export async function open<T>(keyBase64: string, sealed: string, context: string): Promise<T> {
  const [version, iv, ciphertext] = sealed.split(".");
  if (version !== VERSION || !iv || !ciphertext) throw new Error("secret-box: not a sealed value");
  const plaintext = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: bytes(iv), additionalData: new TextEncoder().encode(context) },
    await importKey(keyBase64),
    bytes(ciphertext),
  );
  return JSON.parse(new TextDecoder().decode(plaintext)) as T;
}

/** A new random key, base64 (for `npm start` and tests; production sets its own secret). */
export function generateKeyBase64(): string {
  return encodeBase64(crypto.getRandomValues(new Uint8Array(32)));
}
