import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import {
  buildResultBank,
  DirectBankFormatError,
  documentBytes,
  documentText,
  parsePacket,
  type ResultBank,
} from "../../workers/providers/directbank-xml";
import { refusesCredentials, simulatedFailures, type FailureSwitch } from "../failures";
import { DEFAULT_INCOMING_PAYER, SANDBOX_BANK, type SandboxCustomer } from "./accounts";
import { createBank, PacketRefusal, type BankOptions } from "./bank";

export const BANK_PROVIDER = "bank";
const USER_AGENT = "DirectBankService (песочница Рейс: АО «Банк Магистраль»)";
/** The standard's advice: a session lives 5 minutes and each request extends it. */
const SESSION_TTL_MS = 5 * 60_000;

export type BankSandboxOptions = BankOptions;

type Session = { customerId: string; expiresAt: number };
type Env = { Variables: { customer: SandboxCustomer } };

const xmlAnswer = (c: Context, result: ResultBank, status: ContentfulStatusCode = 200) =>
  c.body(documentBytes(buildResultBank(result, USER_AGENT)), status, {
    "content-type": "application/xml; charset=utf-8",
  });

/** ResultBank/Error with the standard's code and description. */
const refuse = (
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  description: string,
  moreInfo: string | null = null,
) => xmlAnswer(c, { kind: "error", code, description, moreInfo }, status);

/** «dd.MM.yyyy HH:mm:ss» (GetPackList's date) as the bank's YYYY-MM-DDTHH:mm:ss, or null. */
function packetListDate(value: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, d, m, y, hh, mm, ss] = match;
  return `${y}-${m}-${d}T${hh}:${mm}:${ss}`;
}

/** The login and password of an `Authorization: Basic` header, or null. */
function basicCredentials(header: string | undefined): { login: string; password: string } | null {
  const basic = /^Basic\s+(\S+)$/i.exec(header ?? "");
  if (!basic) return null;
  try {
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(basic[1]), (ch) => ch.charCodeAt(0)));
    const colon = decoded.indexOf(":");
    return colon < 0 ? null : { login: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  } catch {
    return null;
  }
}

const kopecks = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const incomingSchema = z.object({
  amountKopecks: kopecks,
  purpose: z.string().min(1).max(210).optional(),
  payer: z
    .object({
      name: z.string().min(1).max(160),
      inn: z.string().regex(/^(\d{10}|\d{12})$/),
      kpp: z.string().length(9).nullish(),
      account: z.string().regex(/^\d{20}$/),
      bic: z.string().regex(/^\d{9}$/),
    })
    .optional(),
});

/**
 * A bank's 1C:DirectBank service under `/directbank` (Logon, SendPack, GetPackList, GetPack; the
 * standard's ResultBank answers, UTF-8 with a BOM) and the sandbox's controls under
 * `/__sandbox/bank` (balances, incoming payments, orders, the execution delay). State is one per
 * sandbox app, in memory and, with `dataFile`, journaled; sessions are in memory only, as a
 * restarted bank forgets them and its clients log on again.
 */
export function bankSandbox(failures: FailureSwitch, options: BankSandboxOptions = {}) {
  const bank = createBank(options);
  const now = options.now ?? Date.now;
  const sessions = new Map<string, Session>();

  const inSession: MiddlewareHandler<Env> = async (c, next) => {
    const sid = c.req.header("sid");
    if (!sid) return refuse(c, 400, "1002", "Не указан обязательный заголовок в запросе", "SID");
    const session = sessions.get(sid);
    if (!session) return refuse(c, 401, "1007", "Некорректный идентификатор сессии");
    if (session.expiresAt <= now() || refusesCredentials(failures, BANK_PROVIDER)) {
      sessions.delete(sid);
      return refuse(c, 401, "1006", "Сессия закрыта по тайм-ауту", "Требуется повторная аутентификация");
    }
    const customerId = c.req.header("customerid");
    if (customerId && customerId !== session.customerId) {
      return refuse(
        c,
        401,
        "1003",
        "Идентификатор клиента не найден",
        `Сессия открыта не для клиента ${customerId}`,
      );
    }
    session.expiresAt = now() + SESSION_TTL_MS;
    c.set("customer", bank.customers.get(session.customerId) as SandboxCustomer);
    await next();
  };

  const api = new Hono<Env>()
    .use("*", simulatedFailures(failures, BANK_PROVIDER))
    .post("/Logon", (c) => {
      for (const header of ["Authorization", "CustomerID", "APIVersion"]) {
        if (!c.req.header(header)) {
          return refuse(c, 400, "1002", "Не указан обязательный заголовок в запросе", header);
        }
      }
      const credentials = basicCredentials(c.req.header("authorization"));
      const customer = [...bank.customers.values()].find(
        (known) => known.login === credentials?.login && known.password === credentials?.password,
      );
      if (!customer) {
        return refuse(
          c,
          401,
          "1201",
          "Некорректные данные для аутентификации",
          "Неверные имя пользователя или пароль",
        );
      }
      const customerId = c.req.header("customerid");
      if (customerId !== "0" && customerId !== customer.id) {
        return refuse(
          c,
          401,
          "1003",
          "Идентификатор клиента не найден",
          `Клиент ${customerId} не участвует в обмене`,
        );
      }
      const sid = crypto.randomUUID();
      sessions.set(sid, { customerId: customer.id, expiresAt: now() + SESSION_TTL_MS });
      return xmlAnswer(c, { kind: "logon", sid });
    })
    .use("*", inSession)
    .post("/SendPack", async (c) => {
      let packet;
      try {
        packet = parsePacket(documentText(new Uint8Array(await c.req.arrayBuffer())));
      } catch (error) {
        const detail = error instanceof DirectBankFormatError ? error.message : "не UTF-8";
        return refuse(c, 400, "2001", "Некорректный формат транспортного контейнера", detail);
      }
      try {
        return xmlAnswer(c, { kind: "sendPacket", bankPacketId: bank.receive(c.get("customer"), packet) });
      } catch (error) {
        if (!(error instanceof PacketRefusal)) throw error;
        return refuse(c, 400, error.code, error.description, error.moreInfo);
      }
    })
    .get("/GetPackList", (c) => {
      const date = c.req.query("date");
      const since = date === undefined ? null : packetListDate(date);
      if (date !== undefined && since === null) {
        return refuse(c, 400, "2101", "Некорректный формат отметки времени", "Ожидается dd.MM.yyyy HH:mm:ss");
      }
      const packets = bank.packetsSince(c.get("customer").id, since);
      return xmlAnswer(c, {
        kind: "packetList",
        packetIds: packets.map((packet) => packet.id),
        timeStampLastPacket: packets.at(-1)?.creationDate ?? null,
      });
    })
    .get("/GetPack", (c) => {
      const customer = c.get("customer");
      const packet = bank.packet(customer.id, c.req.query("id") ?? "");
      if (!packet) return refuse(c, 404, "2102", "Транспортный контейнер не найден");
      return xmlAnswer(c, {
        kind: "packet",
        packet: {
          id: packet.id,
          creationDate: packet.creationDate,
          sender: { bank: { bic: SANDBOX_BANK.bic, name: SANDBOX_BANK.name } },
          recipient: {
            customer: { id: customer.id, name: customer.name, inn: customer.inn, kpp: customer.kpp },
          },
          documents: packet.documents.map((document) => ({
            id: document.id,
            dockind: document.dockind,
            content: documentBytes(document.xml),
          })),
        },
      });
    });

  const customerAccount = (account: string) =>
    [...bank.customers.values()].find((customer) => customer.account === account);

  const admin = new Hono()
    .get("/accounts/:account", (c) => {
      const account = c.req.param("account");
      return c.json(bank.account(account));
    })
    .put("/accounts/:account/balance", async (c) => {
      const account = c.req.param("account");
      if (!customerAccount(account))
        return c.json({ error: `no customer of the sandbox bank has account ${account}` }, 404);
      const body = z
        .object({ balanceKopecks: z.number().int().min(0) })
        .safeParse(await c.req.json().catch(() => null));
      if (!body.success) return c.json({ error: "expected {balanceKopecks: whole kopecks, 0 or more}" }, 400);
      bank.setBalance(account, body.data.balanceKopecks);
      return c.json({ account, balanceKopecks: bank.account(account).balanceKopecks });
    })
    .post("/accounts/:account/incoming", async (c) => {
      const account = c.req.param("account");
      if (!customerAccount(account))
        return c.json({ error: `no customer of the sandbox bank has account ${account}` }, 404);
      const body = incomingSchema.safeParse(await c.req.json().catch(() => null));
      if (!body.success) {
        return c.json(
          { error: "expected {amountKopecks, purpose?, payer?: {name, inn, kpp?, account, bic}}" },
          400,
        );
      }
      const payer = body.data.payer ?? {
        ...DEFAULT_INCOMING_PAYER.holder,
        account: DEFAULT_INCOMING_PAYER.account,
        bic: DEFAULT_INCOMING_PAYER.bic,
      };
      const bankDocumentId = bank.receivePayment(
        account,
        body.data.amountKopecks,
        {
          name: payer.name,
          inn: payer.inn,
          kpp: payer.kpp ?? null,
          account: payer.account,
          bank: { bic: payer.bic },
        },
        body.data.purpose ?? "Оплата по договору перевозки. НДС не облагается",
      );
      return c.json({ bankDocumentId, balanceKopecks: bank.account(account).balanceKopecks });
    })
    .get("/orders", (c) =>
      c.json({
        orders: bank.orders().map((order) => ({
          documentId: order.documentId,
          number: order.data.number,
          amountKopecks: order.data.amountKopecks,
          payee: order.data.payee,
          state: order.state,
          reason: order.reason,
          bankDocumentId: order.bankDocumentId,
          receivedAt: new Date(order.receivedAt).toISOString(),
          dueAt: new Date(order.dueAt).toISOString(),
        })),
      }),
    )
    .get("/settings", (c) => c.json({ executionDelayMs: bank.executionDelayMs() }))
    .put("/settings", async (c) => {
      const body = z
        .object({ executionDelayMs: z.number().int().min(0).max(86_400_000) })
        .safeParse(await c.req.json().catch(() => null));
      if (!body.success) return c.json({ error: "expected {executionDelayMs: 0 to 86400000}" }, 400);
      bank.setExecutionDelay(body.data.executionDelayMs);
      return c.json({ executionDelayMs: bank.executionDelayMs() });
    });

  return new Hono().route("/directbank", api).route("/__sandbox/bank", admin);
}
