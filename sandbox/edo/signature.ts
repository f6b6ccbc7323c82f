// Detached signatures of the sandbox EDO operator's titles (decision 0026): deterministic base64
// text of a DER blob shaped as a CMS SignedData, of exactly the length the archive leaves for it.

import { drawer, type Draw } from "./documents";
import type { Person } from "./title-model";

const OIDS = {
  signedData: "1.2.840.113549.1.7.2",
  data: "1.2.840.113549.1.7.1",
  gostDigest: "1.2.643.7.1.1.2.2",
  gostSignature: "1.2.643.7.1.1.3.2",
  gostKey: "1.2.643.7.1.1.1.1",
  gostKeyParams: "1.2.643.7.1.2.1.1.1",
  contentType: "1.2.840.113549.1.9.3",
  signingTime: "1.2.840.113549.1.9.5",
  messageDigest: "1.2.840.113549.1.9.4",
  revocationValues: "1.2.840.113549.1.9.16.2.24",
  commonName: "2.5.4.3",
  surname: "2.5.4.4",
  givenName: "2.5.4.42",
  inn: "1.2.643.3.131.1.1",
} as const;

const utf8 = new TextEncoder();
const DAY_MS = 24 * 3_600_000;

function tlv(tag: number, ...given: (Uint8Array | null)[]): Uint8Array {
  const parts = given.filter((part): part is Uint8Array => part !== null);
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  const header =
    length < 0x80
      ? [tag, length]
      : length < 0x100
        ? [tag, 0x81, length]
        : length < 0x10000
          ? [tag, 0x82, length >> 8, length & 0xff]
          : [tag, 0x83, length >> 16, (length >> 8) & 0xff, length & 0xff];
  const out = new Uint8Array(header.length + length);
  out.set(header);
  let at = header.length;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const seq = (...parts: (Uint8Array | null)[]) => tlv(0x30, ...parts);
const set = (...parts: Uint8Array[]) => tlv(0x31, ...parts);
const context = (n: number, ...parts: Uint8Array[]) => tlv(0xa0 + n, ...parts);
const integer = (n: number) => tlv(0x02, new Uint8Array([n]));
const octets = (bytes: Uint8Array) => tlv(0x04, bytes);
const utf8String = (text: string) => tlv(0x0c, utf8.encode(text));

function oid(dotted: string): Uint8Array {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, new Uint8Array(bytes));
}

function utcTime(at: number): Uint8Array {
  const iso = new Date(at).toISOString();
  return tlv(
    0x17,
    utf8.encode(
      `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`,
    ),
  );
}

const randomBytes = (draw: Draw, count: number) => {
  const bytes = new Uint8Array(count);
  for (let i = 0; i < count; i++) bytes[i] = draw.int(0, 255);
  return bytes;
};

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export const MIN_SIGNATURE_LENGTH = 2400;

/** Whose certificate the signature carries. */
export type SignatureSubject = { organisation: string; inn: string; person: Person | null };

/**
 * A detached CMS SignedData in the shape CAdES signatures of Russian EDO take (GOST R 34.10-2012
 * algorithms, the signer's certificate, signed attributes, revocation values as unsigned ones),
 * with made-up keys and values, `length` characters of base64 (a multiple of 4). The revocation
 * values take whatever length is left, as real OCSP answers of various sizes do.
 */
export function signatureOf(seed: string, length: number, subject: SignatureSubject, at: number): string {
  if (length % 4 !== 0 || length < MIN_SIGNATURE_LENGTH) {
    throw new Error(`sandbox: a signature of ${length} characters cannot be made`);
  }
  const draw = drawer(`edo:signature:${seed}`);
  const serial = tlv(0x02, randomBytes(draw, 16));
  const issuer = seq(set(seq(oid(OIDS.commonName), utf8String("Тестовый УЦ песочницы ЭДО"))));
  const { person } = subject;
  const name = seq(
    set(seq(oid(OIDS.commonName), utf8String(subject.organisation))),
    person && set(seq(oid(OIDS.surname), utf8String(person.family))),
    person && set(seq(oid(OIDS.givenName), utf8String(`${person.name} ${person.patronymic ?? ""}`.trim()))),
    set(seq(oid(OIDS.inn), tlv(0x12, utf8.encode(subject.inn.padStart(12, "0"))))),
  );
  const certificate = seq(
    seq(
      context(0, integer(2)),
      serial,
      seq(oid(OIDS.gostSignature)),
      issuer,
      seq(utcTime(at - 200 * DAY_MS), utcTime(at + 165 * DAY_MS)),
      name,
      seq(
        seq(oid(OIDS.gostKey), seq(oid(OIDS.gostKeyParams))),
        tlv(0x03, new Uint8Array([0]), octets(randomBytes(draw, 64))),
      ),
    ),
    seq(oid(OIDS.gostSignature)),
    tlv(0x03, new Uint8Array([0]), randomBytes(draw, 64)),
  );
  const signed = context(
    0,
    seq(oid(OIDS.contentType), set(oid(OIDS.data))),
    seq(oid(OIDS.signingTime), set(utcTime(at))),
    seq(oid(OIDS.messageDigest), set(octets(randomBytes(draw, 32)))),
  );
  const build = (fill: number) =>
    seq(
      oid(OIDS.signedData),
      context(
        0,
        seq(
          integer(1),
          set(seq(oid(OIDS.gostDigest))),
          seq(oid(OIDS.data)),
          context(0, certificate),
          set(
            seq(
              integer(1),
              seq(issuer, serial),
              seq(oid(OIDS.gostDigest)),
              signed,
              seq(oid(OIDS.gostSignature)),
              octets(randomBytes(draw, 64)),
              tlv(
                0xa1,
                seq(oid(OIDS.revocationValues), set(seq(context(1, octets(randomBytes(draw, fill)))))),
              ),
            ),
          ),
        ),
      ),
    );
  // Containers around the filler of 256–65,535 bytes all spell their length in 3 bytes, so the
  // total follows the filler byte for byte.
  const der = (length / 4) * 3;
  const probe = build(256).length;
  const fill = der - (probe - 256);
  const bytes = build(fill);
  if (fill < 256 || bytes.length !== der)
    throw new Error(`sandbox: signature of ${bytes.length} bytes, wanted ${der}`);
  return base64(bytes);
}
