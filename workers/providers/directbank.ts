import {
  buildPacket,
  buildPayDocRu,
  buildStatementRequest,
  DirectBankFormatError,
  DOC_KIND,
  DOC_STATUS,
  documentBytes,
  documentText,
  parseResultBank,
  parseStatement,
  parseStatusDocNotice,
  type Packet,
  type ResultBank,
  type Statement,
  type StatusDocNotice,
} from "./directbank-xml";
import {
  BankRefusedError,
  BankUnavailableError,
  type BankStatement,
  type PayoutBank,
  type PayoutNotice,
  type PayoutOrder,
  type StatementOperation,
} from "./payout-bank";

/** The version of the standard the adapter speaks (APIVersion, formatVersion). */
const API_VERSION = "2.3.2";
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_STATEMENT_WAIT_MS = 30_000;
const DEFAULT_POLL_INTERVAL_MS = 500;
/** Moscow: the banks' clocks the standard's dates without a zone are read by. */
const DEFAULT_BANK_UTC_OFFSET_MINUTES = 180;
/** How far back a statement's packets are looked for, against clocks that disagree. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Packets fetched at once while reading notices. */
const PARALLEL_GETS = 8;
/** Field 24 of a payment order holds at most 210 characters. */
const MAX_PURPOSE = 210;

export type DirectBankOptions = {
  /** The bank's BankServerAddress (from its DirectBank settings); `<sandbox>/directbank` locally. */
  url: string;
  login: string;
  password: string;
  /** Рейс's customer id at the bank; «0» until the bank's settings give one. */
  customerId: string;
  /** Рейс: the payer of every payout, with its account at this bank. */
  payer: { name: string; inn: string; kpp: string | null; account: string };
  /** The bank itself, as payment orders name it. */
  bank: { bic: string; name: string; city?: string | null; correspondentAccount: string };
  timeoutMs?: number;
  /** How long statement() waits for the bank to prepare the statement. */
  statementWaitMs?: number;
  pollIntervalMs?: number;
  /** The bank's clock against UTC, minutes: 180 for Moscow. */
  bankUtcOffsetMinutes?: number;
  now?: () => number;
};

/** Session errors: the session timed out (1006) or is not known (1007); a new Logon fixes them. */
const SESSION_ERRORS = new Set(["1006", "1007"]);
/** The service is closed for maintenance (1001), failed to take the request (1009) or broke (1010). */
const SERVICE_ERRORS = new Set(["1001", "1009", "1010"]);
/** «Дубль транспортного контейнера»: the bank has this packet already. */
const DUPLICATE_PACKET = "2002";
/** «Дубль электронного документа по ИД»: about a second copy, not the order itself. */
const DUPLICATE_DOCUMENT = "2202";

/** RFC 4122 UUID v5 (SHA-1, name-based) under Рейс's namespace: the same name, the same id. */
const NAMESPACE = Uint8Array.from("6f9a3c1e7b2d4e58a0c4d1b2e3f40517".match(/../g)!, (h) => parseInt(h, 16));

async function nameBasedId(name: string): Promise<string> {
  const text = new TextEncoder().encode(name);
  const input = new Uint8Array(NAMESPACE.length + text.length);
  input.set(NAMESPACE);
  input.set(text, NAMESPACE.length);
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-1", input)).slice(0, 16);
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The document id of a payout's payment order at the bank: one per PayoutOrder.id. */
export const payoutDocumentId = (orderId: string) => nameBasedId(`payment-order:${orderId}`);
const payoutPacketId = (orderId: string) => nameBasedId(`payment-order-packet:${orderId}`);

/** «dd.MM.yyyy HH:mm:ss», GetPackList's time stamp, from the standard's YYYY-MM-DDTHH:mm:ss. */
function packetListDate(dateTime: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(dateTime);
  if (!match) throw new DirectBankFormatError(`not a date-time: ${dateTime}`);
  const [, y, m, d, hh, mm, ss] = match;
  return `${d}.${m}.${y} ${hh}:${mm}:${ss}`;
}

function basicAuth(login: string, password: string): string {
  const bytes = new TextEncoder().encode(`${login}:${password}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

const resultText = (result: Extract<ResultBank, { kind: "error" }>) =>
  `${result.description}${result.moreInfo ? `: ${result.moreInfo}` : ""} (код ${result.code})`;

/** What the bank says of one document, in the product's terms; null for a notice to skip. */
function toPayoutNotice(notice: StatusDocNotice): PayoutNotice | null {
  const base = { documentId: notice.extId, at: notice.creationDate.slice(0, 19) };
  if ("error" in notice.result) {
    const { code, description, moreInfo } = notice.result.error;
    // A duplicate is refused by itself; the order it copies goes on.
    if (code === DUPLICATE_DOCUMENT) return null;
    return {
      ...base,
      state: "rejected",
      reason: moreInfo ? `${description}: ${moreInfo}` : description,
      bankCode: code,
    };
  }
  const { code, name, moreInfo } = notice.result.status;
  const said = moreInfo ?? name ?? null;
  switch (code) {
    case DOC_STATUS.executed:
      return { ...base, state: "executed", reason: null, bankCode: code };
    case DOC_STATUS.rejected:
      return { ...base, state: "rejected", reason: said ?? "Отклонен банком", bankCode: code };
    case DOC_STATUS.cancelled:
      return { ...base, state: "rejected", reason: said ?? "Аннулирован", bankCode: code };
    case DOC_STATUS.suspended:
      return { ...base, state: "accepted", reason: said ?? "Приостановлен банком", bankCode: code };
    case DOC_STATUS.unconfirmed:
      return { ...base, state: "accepted", reason: said ?? "Ожидает подтверждения в банке", bankCode: code };
    default:
      return {
        ...base,
        state: "accepted",
        reason: code === DOC_STATUS.accepted ? null : said,
        bankCode: code,
      };
  }
}

function toBankStatement(statement: Statement, period: { from: string; to: string }): BankStatement {
  const operations = statement.operations.map((operation): StatementOperation => {
    const { document } = operation;
    const data = document.kind === "PayDocRu" ? document.data : null;
    const party = (side: "payer" | "payee") =>
      data && {
        name: data[side].name,
        inn: data[side].inn ?? null,
        kpp: data[side].kpp ?? null,
        account: data[side].account ?? null,
        bic: data[side].bank?.bic ?? null,
      };
    return {
      bankDocumentId: document.id,
      documentId: operation.extId ?? null,
      direction: operation.dc === "1" ? "out" : "in",
      date: operation.date,
      amountKopecks: data ? data.amountKopecks : document.kind === "InnerDoc" ? document.amountKopecks : 0,
      number: data ? data.number : document.kind === "InnerDoc" ? (document.number ?? null) : null,
      purpose: data ? data.purpose : document.kind === "InnerDoc" ? (document.purpose ?? null) : null,
      payer: party("payer"),
      payee: party("payee"),
    };
  });
  return {
    account: statement.account,
    from: period.from,
    to: period.to,
    openingBalanceKopecks: statement.openingBalanceKopecks ?? null,
    closingBalanceKopecks: statement.closingBalanceKopecks,
    operations,
  };
}

/**
 * Payouts through a bank's 1C:DirectBank service: Logon (login and password, session id in the
 * SID header), SendPack with a payment order (PayDocRu) or a statement request, GetPackList and
 * GetPack for the bank's notices and statements. The password never reaches a message.
 */
export function createDirectBank(options: DirectBankOptions): PayoutBank {
  const root = options.url.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const offsetMs = (options.bankUtcOffsetMinutes ?? DEFAULT_BANK_UTC_OFFSET_MINUTES) * 60_000;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The bank's local date-time, YYYY-MM-DDTHH:mm:ss, `ago` ms before now. */
  const bankTime = (ago = 0) => new Date(now() + offsetMs - ago).toISOString().slice(0, 19);
  const customer = {
    id: options.customerId,
    name: options.payer.name,
    inn: options.payer.inn,
    kpp: options.payer.kpp,
  };
  const bankParty = { bic: options.bank.bic, name: options.bank.name };

  /** One call of the service: its ResultBank, or the typed error for a failed exchange. */
  async function exchange(path: string, init: RequestInit, what: string): Promise<ResultBank> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw new BankUnavailableError(
        timedOut
          ? `Банк не ответил за ${(timeoutMs / 1000).toLocaleString("ru-RU")} с (${what})`
          : `Банк недоступен: нет соединения (${what})`,
        timedOut ? "timeout" : "unreachable",
        { cause: error },
      );
    }
    const body = new TextDecoder().decode(await response.arrayBuffer());
    try {
      return parseResultBank(body);
    } catch (error) {
      if (!(error instanceof DirectBankFormatError)) throw error;
      if (response.status >= 500 || response.status === 429) {
        throw new BankUnavailableError(
          `Банк временно недоступен (HTTP ${response.status}, ${what})`,
          String(response.status),
        );
      }
      throw new BankUnavailableError(
        `Банк ответил в неожиданном формате (HTTP ${response.status}, ${what}): ${error.message}`,
        "unreadable",
        { cause: error },
      );
    }
  }

  function failure(result: Extract<ResultBank, { kind: "error" }>, what: string): Error {
    if (SERVICE_ERRORS.has(result.code) || SESSION_ERRORS.has(result.code)) {
      return new BankUnavailableError(`Банк временно недоступен: ${resultText(result)}`, result.code);
    }
    if (result.code.startsWith("12") || result.code === "1003" || result.code === "1008") {
      return new BankRefusedError(
        `Банк не принял вход: ${resultText(result)}. Проверьте логин, пароль и идентификатор клиента DirectBank`,
        result.code,
      );
    }
    return new BankRefusedError(`Банк отклонил ${what}: ${resultText(result)}`, result.code);
  }

  const headers = (extra: Record<string, string>) => ({
    "Content-Type": "application/xml; charset=utf-8",
    APIVersion: API_VERSION,
    CustomerID: options.customerId,
    ...extra,
  });

  let session: Promise<string> | null = null;

  async function logon(): Promise<string> {
    const result = await exchange(
      "/Logon",
      {
        method: "POST",
        headers: headers({
          Authorization: basicAuth(options.login, options.password),
          AvailableAPIVersion: API_VERSION,
        }),
      },
      "вход",
    );
    if (result.kind === "logon") return result.sid;
    if (result.kind === "error") throw failure(result, "вход");
    throw new BankUnavailableError(`Банк ответил на вход не тем: ${result.kind}`, "unreadable");
  }

  /** A call in the session, with one new Logon when the bank has dropped the session. */
  async function inSession(path: string, init: RequestInit, what: string): Promise<ResultBank> {
    for (let attempt = 1; ; attempt++) {
      session ??= logon();
      const current = session;
      let sid: string;
      try {
        sid = await current;
      } catch (error) {
        if (session === current) session = null;
        throw error;
      }
      const result = await exchange(path, { ...init, headers: headers({ SID: sid }) }, what);
      if (result.kind === "error" && SESSION_ERRORS.has(result.code) && attempt === 1) {
        if (session === current) session = null;
        continue;
      }
      if (result.kind === "error") throw failure(result, what);
      return result;
    }
  }

  /** Sends one document in a packet of its own; `duplicate` when the bank had the packet already (2002). */
  async function sendDocument(
    packetId: string,
    creationDate: string,
    document: { id: string; dockind: string; xml: string },
    what: string,
  ): Promise<{ duplicate: boolean }> {
    const packet: Packet = {
      id: packetId,
      creationDate,
      sender: { customer },
      recipient: { bank: bankParty },
      documents: [{ id: document.id, dockind: document.dockind, content: documentBytes(document.xml) }],
    };
    try {
      await inSession("/SendPack", { method: "POST", body: documentBytes(buildPacket(packet)) }, what);
      return { duplicate: false };
    } catch (error) {
      if (error instanceof BankRefusedError && error.code === DUPLICATE_PACKET) return { duplicate: true };
      throw error;
    }
  }

  async function packetList(since: string | null) {
    const query = since ? `?date=${encodeURIComponent(packetListDate(since))}` : "";
    const result = await inSession(`/GetPackList${query}`, { method: "GET" }, "запрос списка пакетов");
    if (result.kind !== "packetList") {
      throw new BankUnavailableError(
        `Банк ответил на запрос списка пакетов не тем: ${result.kind}`,
        "unreadable",
      );
    }
    return result;
  }

  async function packet(id: string): Promise<Packet> {
    const result = await inSession(
      `/GetPack?id=${encodeURIComponent(id)}`,
      { method: "GET" },
      "запрос пакета",
    );
    if (result.kind !== "packet") {
      throw new BankUnavailableError(`Банк ответил на запрос пакета не тем: ${result.kind}`, "unreadable");
    }
    return result.packet;
  }

  /** The packets, fetched a few at a time, in the order of `ids`. */
  async function packets(ids: string[]): Promise<Packet[]> {
    const fetched: Packet[] = [];
    for (let i = 0; i < ids.length; i += PARALLEL_GETS) {
      fetched.push(...(await Promise.all(ids.slice(i, i + PARALLEL_GETS).map(packet))));
    }
    return fetched;
  }

  function readOrThrow<T>(read: () => T, what: string): T {
    try {
      return read();
    } catch (error) {
      if (error instanceof DirectBankFormatError) {
        throw new BankUnavailableError(
          `Банк прислал ${what} в неожиданном формате: ${error.message}`,
          "unreadable",
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  }

  /**
   * The notices in the packets since the cursor. The list's time stamp has whole seconds, so the
   * cursor also names the packets of its last second already read, which are skipped next time.
   */
  async function notices(cursor: string | null) {
    const [since = null, ...read] = cursor ? cursor.split(" ") : [];
    const seen = new Set(read);
    const list = await packetList(since);
    const fresh = await packets(list.packetIds.filter((id) => !seen.has(id)));
    const latest = list.timeStampLastPacket?.slice(0, 19) ?? since;
    const atLatest = fresh.filter((p) => p.creationDate.slice(0, 19) === latest).map((p) => p.id);
    const nextSeen = latest === since ? [...seen, ...atLatest] : atLatest;
    const texts = fresh.flatMap((p) =>
      p.documents
        .filter((doc) => doc.dockind === DOC_KIND.documentNotice)
        .map((doc) => documentText(doc.content)),
    );
    return {
      notices: texts
        .map((text) =>
          toPayoutNotice(readOrThrow(() => parseStatusDocNotice(text), "извещение о состоянии документа")),
        )
        .filter((notice): notice is PayoutNotice => notice !== null),
      cursor: latest === null ? null : [latest, ...nextSeen].join(" "),
    };
  }

  return {
    documentIdOf: payoutDocumentId,

    async sendPayout(order: PayoutOrder) {
      if (!Number.isSafeInteger(order.amountKopecks) || order.amountKopecks <= 0) {
        throw new RangeError(
          `directbank: a payout is a positive whole number of kopecks, got ${order.amountKopecks}`,
        );
      }
      if (order.purpose.length > MAX_PURPOSE) {
        throw new RangeError(`directbank: the purpose is longer than ${MAX_PURPOSE} characters`);
      }
      const [documentId, packetId] = await Promise.all([
        payoutDocumentId(order.id),
        payoutPacketId(order.id),
      ]);
      const creationDate = bankTime();
      const xml = buildPayDocRu({
        id: documentId,
        creationDate,
        sender: customer,
        recipient: bankParty,
        data: {
          number: order.number,
          date: order.date,
          amountKopecks: order.amountKopecks,
          payer: { ...options.payer, bank: options.bank },
          payee: order.payee,
          transitionKind: "01",
          priority: "5",
          purpose: order.purpose,
        },
      });
      const sent = await sendDocument(
        packetId,
        creationDate,
        { id: documentId, dockind: DOC_KIND.payment, xml },
        "платежное поручение",
      );
      return { documentId, alreadySent: sent.duplicate };
    },

    notices,

    async payoutStatus(documentId: string) {
      const all = await notices(null);
      return all.notices.filter((notice) => notice.documentId === documentId).at(-1) ?? null;
    },

    async statement(period) {
      const requestId = crypto.randomUUID();
      const since = bankTime(CLOCK_SKEW_MS);
      const creationDate = bankTime();
      const xml = buildStatementRequest({
        id: requestId,
        creationDate,
        sender: customer,
        recipient: bankParty,
        statementType: "0",
        dateFrom: `${period.from}T00:00:00`,
        dateTo: `${period.to}T23:59:59`,
        account: options.payer.account,
        bank: { bic: options.bank.bic, name: options.bank.name },
      });
      await sendDocument(
        crypto.randomUUID(),
        creationDate,
        { id: requestId, dockind: DOC_KIND.statementRequest, xml },
        "запрос выписки",
      );
      // Waited for by the wall clock: `now` is the bank's time, which a test may hold still.
      const deadline = Date.now() + (options.statementWaitMs ?? DEFAULT_STATEMENT_WAIT_MS);
      const seen = new Set<string>();
      for (;;) {
        const list = await packetList(since);
        const fresh = list.packetIds.filter((id) => !seen.has(id));
        fresh.forEach((id) => seen.add(id));
        for (const got of await packets(fresh)) {
          for (const doc of got.documents) {
            const text = documentText(doc.content);
            if (doc.dockind === DOC_KIND.statement) {
              const statement = readOrThrow(() => parseStatement(text), "выписку");
              if (statement.statementRequestId === requestId) return toBankStatement(statement, period);
            } else if (doc.dockind === DOC_KIND.documentNotice) {
              const notice = toPayoutNotice(readOrThrow(() => parseStatusDocNotice(text), "извещение"));
              if (notice?.documentId === requestId && notice.state === "rejected") {
                throw new BankRefusedError(`Банк отказал в выписке: ${notice.reason}`, notice.bankCode);
              }
            }
          }
        }
        if (Date.now() >= deadline) {
          throw new BankUnavailableError(
            `Банк не подготовил выписку за ${Math.round((options.statementWaitMs ?? DEFAULT_STATEMENT_WAIT_MS) / 1000)} с`,
            "statement_timeout",
          );
        }
        await wait(options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS);
      }
    },
  };
}
