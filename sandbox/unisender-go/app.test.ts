// The Unisender Go twin, driven by the product's own adapter as a stock client would drive it:
// the real path and shapes, the key check, idempotence, refused addresses and the mailbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveOnFreePort } from "../../tests/support/sandbox";
import { MailerUnavailableError } from "../../workers/providers/mailer";
import { createUnisenderGo } from "../../workers/providers/unisender-go";
import { createSandboxApp } from "../app";
import { UNISENDER_GO_SANDBOX_API_KEY } from "../vars";
import { UNISENDER_GO_API_ROOT, type SandboxLetter } from "./app";

let served: Awaited<ReturnType<typeof serveOnFreePort>>;
beforeAll(async () => {
  served = await serveOnFreePort(createSandboxApp().fetch);
});
afterAll(() => served.stop());

const mailer = (apiKey = UNISENDER_GO_SANDBOX_API_KEY) =>
  createUnisenderGo({
    apiUrl: `${served.url}${UNISENDER_GO_API_ROOT}`,
    apiKey,
    fromEmail: "noreply@reys.example",
    fromName: "Рейс",
  });

const letter = (to: string) => ({
  to,
  subject: "Восстановление пароля — Рейс",
  text: "Задать новый пароль: http://127.0.0.1:8787/reset-password?token=abc",
  html: '<p><a href="http://127.0.0.1:8787/reset-password?token=abc&amp;x=1">Задать новый пароль</a></p>',
  idempotenceKey: crypto.randomUUID(),
});

async function mailbox(to: string): Promise<SandboxLetter[]> {
  const response = await fetch(`${served.url}/__sandbox/mail.json?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { letters: SandboxLetter[] }).letters;
}

describe("the Unisender Go twin", () => {
  it("accepts a letter at email/send.json, once per idempotence key, and lists it with its links", async () => {
    const sent = letter("ivan@example.ru");
    const first = await mailer().send(sent);
    const again = await mailer().send(sent);
    expect(again.jobId).toBe(first.jobId);
    const [kept, ...rest] = await mailbox("IVAN@example.ru");
    expect(rest).toEqual([]);
    expect(kept).toMatchObject({
      to: "ivan@example.ru",
      fromName: "Рейс",
      subject: sent.subject,
      text: sent.text,
    });
    expect(kept.links).toEqual([
      "http://127.0.0.1:8787/reset-password?token=abc",
      "http://127.0.0.1:8787/reset-password?token=abc&x=1",
    ]);
    const page = await (await fetch(`${served.url}/__sandbox/mail?to=ivan@example.ru`)).text();
    expect(page).toContain('<a href="http://127.0.0.1:8787/reset-password?token=abc">');
  });

  it("answers Unisender Go's error shape for a wrong key, and the adapter says so without the key", async () => {
    const raw = await fetch(`${served.url}${UNISENDER_GO_API_ROOT}/email/send.json`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-API-KEY": "wrong" },
      body: JSON.stringify({ message: {} }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toEqual({ status: "error", message: "Invalid API key", code: 102 });
    const refused = mailer("wrong-key").send(letter("petr@example.ru"));
    await expect(refused).rejects.toThrow(MailerUnavailableError);
    await expect(refused).rejects.toThrow("unisender-go: HTTP 401 code 102: Invalid API key");
    await expect(refused).rejects.not.toThrow("wrong-key");
  });

  it("lists a malformed address in failed_emails, which the adapter treats as not sent", async () => {
    await expect(mailer().send(letter("not-an-address"))).rejects.toThrow(
      "unisender-go: the address was refused (invalid)",
    );
  });

  it("fails while its failure switch says so, and sends again once switched off", async () => {
    const to = "olga@example.ru";
    const sent = letter(to);
    const toggle = (mode: string) =>
      fetch(`${served.url}/__sandbox/failures`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ provider: "unisender-go", mode }),
      });
    await toggle("error500");
    await expect(mailer().send(sent)).rejects.toThrow("unisender-go: HTTP 500");
    expect(await mailbox(to)).toEqual([]);
    await toggle("none");
    await mailer().send(sent);
    expect(await mailbox(to)).toHaveLength(1);
  });
});
