// What the sandbox bank does with the documents it is sent, apart from HTTP: checks a payment
// order when it arrives (rejects a wrong or closed payee account, an unknown or liquidated payee
// bank), executes it after a delay if the payer's account holds enough, answers a statement
// request with the account's operations, and puts every notice for the customer in a packet.
// State lives in a journal (sandbox/yookassa/journal.ts), so a restart loses nothing.

import { isSettlementAccountKeyValid } from "../../workers/core/requisites/bank-account";
import {
  buildStatement,
  buildStatusDocNotice,
  buildStatusPacketNotice,
  DirectBankFormatError,
  DOC_KIND,
  DOC_STATUS,
  documentText,
  parsePayDocRu,
  parseStatementRequest,
  type NoticeResult,
  type OperationDocument,
  type Packet,
  type PaymentData,
} from "../../workers/providers/directbank-xml";
import { bankByBic } from "../dadata/banks";
import { openJournal } from "../yookassa/journal";
import { isClosedAccount, SANDBOX_BANK, SANDBOX_CUSTOMERS, type SandboxCustomer } from "./accounts";

/** The bank's clock: Moscow time, as the standard's dates without a zone are read. */
const BANK_UTC_OFFSET_MS = 3 * 3_600_000;
/** Notices in one packet at most. */
const MAX_PACKET_DOCUMENTS = 100;
export const DEFAULT_EXECUTION_DELAY_MS = 5_000;

/** YYYY-MM-DDTHH:mm:ss on the bank's clock. */
export const bankDateTime = (ms: number) => new Date(ms + BANK_UTC_OFFSET_MS).toISOString().slice(0, 19);

export type OrderState = "accepted" | "executed" | "rejected";

export type StoredOrder = {
  documentId: string;
  customerId: string;
  seq: number;
  data: PaymentData;
  state: OrderState;
  receivedAt: number;
  dueAt: number;
  decidedAt: number | null;
  reason: string | null;
  bankDocumentId: string | null;
};

/** A movement on an account: a payout executed, a payment received, a balance set by hand. */
type Operation = {
  id: string;
  account: string;
  at: number;
  dc: "1" | "2";
  amountKopecks: number;
  document: OperationDocument;
  extId: string | null;
};

/** A packet waiting for the customer to fetch it: the documents' XML. */
export type OutgoingPacket = {
  id: string;
  seq: number;
  customerId: string;
  creationDate: string;
  documents: { id: string; dockind: string; xml: string }[];
};

type BankState = {
  order: StoredOrder;
  operation: Operation;
  received: { bankPacketId: string };
  outbox: OutgoingPacket;
  setting: number;
};

export type BankOptions = {
  dataFile?: string;
  executionDelayMs?: number;
  now?: () => number;
};

/** Errors the bank answers a packet with at once (ResultBank/Error), by the standard's codes. */
export class PacketRefusal extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
    readonly moreInfo: string | null,
  ) {
    super(description);
  }
}

const accepted = (moreInfo: string): NoticeResult => ({
  status: { code: DOC_STATUS.accepted, name: "Принят", moreInfo },
});
const rejected = (moreInfo: string): NoticeResult => ({
  status: { code: DOC_STATUS.rejected, name: "Отклонен банком", moreInfo },
});
const documentError = (code: string, description: string, moreInfo: string): NoticeResult => ({
  error: { code, description, moreInfo },
});

const formatDate = (date: string) => date.split("-").reverse().join(".");

/** Why the bank refuses a payee at once, or null: what the payer's bank checks against the БИК directory. */
function payeeProblem(data: PaymentData): string | null {
  const { bank, account } = data.payee;
  if (!bank) return "Не указан банк получателя";
  const known = bankByBic(bank.bic);
  if (!known) return `БИК ${bank.bic} банка получателя не найден в справочнике БИК`;
  const { state } = known.data;
  if (state.status === "LIQUIDATED") {
    const when = state.liquidation_date
      ? ` ${formatDate(new Date(state.liquidation_date).toISOString().slice(0, 10))}`
      : "";
    return `Банк получателя (БИК ${bank.bic}) ликвидирован${when}`;
  }
  if (state.status === "LIQUIDATING") return `У банка получателя (БИК ${bank.bic}) отозвана лицензия`;
  if (bank.correspondentAccount && bank.correspondentAccount !== known.data.correspondent_account) {
    return `Корреспондентский счет ${bank.correspondentAccount} не соответствует БИК ${bank.bic} банка получателя`;
  }
  if (!account || !isSettlementAccountKeyValid(account, bank.bic)) {
    return `Неверный контрольный ключ в номере счета получателя ${account ?? ""} (БИК ${bank.bic})`;
  }
  return null;
}

export function createBank(options: BankOptions = {}) {
  const now = options.now ?? Date.now;
  const journal = openJournal<BankState>(options.dataFile, [
    "order",
    "operation",
    "received",
    "outbox",
    "setting",
  ]);
  const { order: orders, operation: operations, received, outbox } = journal.tables;
  const customers = new Map(SANDBOX_CUSTOMERS.map((customer) => [customer.id, customer]));
  const bankParty = { bank: { bic: SANDBOX_BANK.bic, name: SANDBOX_BANK.name } };

  let seq = Math.max(0, ...[...orders.values(), ...outbox.values()].map((item) => item.seq));
  const nextSeq = () => ++seq;
  let documentNumber = 100_000 + operations.size;
  const nextDocumentId = () => String(++documentNumber);

  const balances = new Map<string, number>();
  const book = (operation: Operation) => {
    const sign = operation.dc === "2" ? 1 : -1;
    balances.set(operation.account, (balances.get(operation.account) ?? 0) + sign * operation.amountKopecks);
  };
  for (const operation of operations.values()) book(operation);
  const record = (operation: Operation) => {
    journal.save("operation", operation.id, operation);
    book(operation);
  };

  const executionDelayMs = () =>
    journal.tables.setting.get("executionDelayMs") ?? options.executionDelayMs ?? DEFAULT_EXECUTION_DELAY_MS;

  const customerAccount = (account: string) =>
    SANDBOX_CUSTOMERS.find((customer) => customer.account === account);

  /** A hand-made movement (the sandbox's controls): shown in statements as the bank's own document. */
  function adjust(
    account: string,
    amountKopecks: number,
    dc: "1" | "2",
    innerDocKind: string,
    purpose: string,
  ) {
    const id = nextDocumentId();
    record({
      id,
      account,
      at: now(),
      dc,
      amountKopecks,
      document: {
        kind: "InnerDoc",
        id,
        docKind: "13",
        innerDocKind,
        amountKopecks,
        number: id,
        date: bankDateTime(now()).slice(0, 10),
        purpose,
      },
      extId: null,
    });
  }

  // A new bank opens Рейс's account with its opening balance.
  for (const customer of SANDBOX_CUSTOMERS) {
    if (![...operations.values()].some((operation) => operation.account === customer.account)) {
      adjust(
        customer.account,
        customer.openingBalanceKopecks,
        "2",
        "Начальный остаток",
        "Остаток на счете при открытии песочницы",
      );
    }
  }

  function queue(customerId: string, documents: OutgoingPacket["documents"]) {
    for (let i = 0; i < documents.length; i += MAX_PACKET_DOCUMENTS) {
      const packet: OutgoingPacket = {
        id: crypto.randomUUID(),
        seq: nextSeq(),
        customerId,
        creationDate: bankDateTime(now()),
        documents: documents.slice(i, i + MAX_PACKET_DOCUMENTS),
      };
      journal.save("outbox", packet.id, packet);
    }
  }

  function docNotice(customerId: string, extId: string, result: NoticeResult) {
    const id = crypto.randomUUID();
    return {
      id,
      dockind: DOC_KIND.documentNotice,
      xml: buildStatusDocNotice({
        id,
        creationDate: bankDateTime(now()),
        sender: bankParty,
        recipient: { customer: { id: customerId } },
        extId,
        result,
      }),
    };
  }

  /** Executes (or rejects) every accepted order whose time has come, oldest first. */
  function advance() {
    const at = now();
    const due = [...orders.values()]
      .filter((order) => order.state === "accepted" && order.dueAt <= at)
      .sort((a, b) => a.seq - b.seq);
    const notices = new Map<string, OutgoingPacket["documents"]>();
    for (const order of due) {
      const { data } = order;
      const payer = data.payer.account ?? "";
      let result: NoticeResult;
      if (data.payee.bank && data.payee.account && isClosedAccount(data.payee.bank.bic, data.payee.account)) {
        Object.assign(order, { state: "rejected", reason: "Счет получателя закрыт" });
        result = rejected(`Счет получателя ${data.payee.account} закрыт`);
      } else if ((balances.get(payer) ?? 0) < data.amountKopecks) {
        Object.assign(order, { state: "rejected", reason: "Недостаточно средств на счете плательщика" });
        result = rejected("Недостаточно средств на счете плательщика");
      } else {
        const id = nextDocumentId();
        record({
          id,
          account: payer,
          at,
          dc: "1",
          amountKopecks: data.amountKopecks,
          document: { kind: "PayDocRu", id, docKind: DOC_KIND.payment, data },
          extId: order.documentId,
        });
        Object.assign(order, { state: "executed", bankDocumentId: id });
        result = {
          status: {
            code: DOC_STATUS.executed,
            name: "Исполнен",
            moreInfo: "Платежный документ исполнен банком",
          },
        };
      }
      order.decidedAt = at;
      journal.save("order", order.documentId, order);
      const list = notices.get(order.customerId) ?? [];
      list.push(docNotice(order.customerId, order.documentId, result));
      notices.set(order.customerId, list);
    }
    for (const [customerId, documents] of notices) queue(customerId, documents);
  }

  /** The customer's account statement for the period, built from the bank's operations. */
  function statement(
    customer: SandboxCustomer,
    requestId: string,
    statementType: "0" | "1" | "2",
    dateFrom: string,
    dateTo: string,
  ) {
    const mine = [...operations.values()]
      .filter((operation) => operation.account === customer.account)
      .sort((a, b) => a.at - b.at);
    const local = (operation: Operation) => bankDateTime(operation.at);
    const before = mine.filter((operation) => local(operation) < dateFrom);
    const within = mine.filter((operation) => local(operation) >= dateFrom && local(operation) <= dateTo);
    const total = (list: Operation[], dc: "1" | "2") =>
      list.filter((o) => o.dc === dc).reduce((sum, o) => sum + o.amountKopecks, 0);
    const opening = total(before, "2") - total(before, "1");
    const debits = total(within, "1");
    const credits = total(within, "2");
    const id = crypto.randomUUID();
    const bank = {
      bic: SANDBOX_BANK.bic,
      name: SANDBOX_BANK.name,
      city: SANDBOX_BANK.city,
      correspondentAccount: SANDBOX_BANK.correspondentAccount,
    };
    return {
      id,
      dockind: DOC_KIND.statement,
      xml: buildStatement({
        id,
        creationDate: bankDateTime(now()),
        sender: bankParty.bank,
        recipient: { id: customer.id, name: customer.name, inn: customer.inn, kpp: customer.kpp },
        statementType,
        dateFrom,
        dateTo,
        account: customer.account,
        bank,
        openingBalanceKopecks: opening,
        totalDebitsKopecks: debits,
        totalCreditsKopecks: credits,
        closingBalanceKopecks: opening + credits - debits,
        operations: within.map((operation) => ({
          document: operation.document,
          dc: operation.dc,
          date: local(operation).slice(0, 10),
          extId: operation.extId,
          stamp: { bank, status: { code: DOC_STATUS.executed, name: "Исполнен" } },
        })),
        statementRequestId: requestId,
      }),
    };
  }

  /** Primary control of a payment order: accepted for execution, rejected, or refused as a document. */
  function takePayment(customer: SandboxCustomer, documentId: string, text: string): NoticeResult {
    let doc;
    try {
      doc = parsePayDocRu(text);
    } catch (error) {
      if (!(error instanceof DirectBankFormatError)) throw error;
      return documentError("2201", "Некорректный формат электронного документа", error.message);
    }
    if (doc.id !== documentId) {
      return documentError(
        "2205",
        "Ошибка в реквизитах электронного документа",
        `Идентификатор платежного поручения ${doc.id} не совпадает с идентификатором документа в контейнере ${documentId}`,
      );
    }
    if (orders.has(documentId)) {
      return documentError(
        "2202",
        "Дубль электронного документа по ИД",
        `Платежное поручение ${documentId} уже получено банком`,
      );
    }
    const { data } = doc;
    if (data.payer.account !== customer.account || data.payer.bank?.bic !== SANDBOX_BANK.bic) {
      return documentError(
        "2205",
        "Ошибка в реквизитах электронного документа",
        `Счет плательщика ${data.payer.account ?? ""} не открыт в банке для клиента ${customer.id}`,
      );
    }
    const at = now();
    const order: StoredOrder = {
      documentId,
      customerId: customer.id,
      seq: nextSeq(),
      data,
      state: "accepted",
      receivedAt: at,
      dueAt: at + executionDelayMs(),
      decidedAt: null,
      reason: null,
      bankDocumentId: null,
    };
    const problem = payeeProblem(data);
    if (problem) Object.assign(order, { state: "rejected", reason: problem, decidedAt: at });
    journal.save("order", documentId, order);
    return problem
      ? rejected(problem)
      : accepted(`Платежное поручение № ${data.number} принято к исполнению`);
  }

  return {
    customers,
    advance,
    executionDelayMs,
    setExecutionDelay(ms: number) {
      journal.save("setting", "executionDelayMs", ms);
    },

    /**
     * A packet the customer sent (SendPack): refused whole (PacketRefusal), or taken in with the
     * bank's id for it; the notices of its documents are queued for the customer at once.
     */
    receive(customer: SandboxCustomer, packet: Packet): string {
      if (!("customer" in packet.sender) || packet.sender.customer.id !== customer.id) {
        throw new PacketRefusal(
          "2004",
          "Неизвестный отправитель",
          `Отправитель контейнера не клиент ${customer.id}`,
        );
      }
      if (!("bank" in packet.recipient) || packet.recipient.bank.bic !== SANDBOX_BANK.bic) {
        throw new PacketRefusal(
          "2005",
          "Неизвестный получатель",
          `Получатель контейнера не банк с БИК ${SANDBOX_BANK.bic}`,
        );
      }
      const earlier = received.get(packet.id);
      if (earlier) {
        throw new PacketRefusal(
          "2002",
          "Дубль транспортного контейнера",
          `Контейнер ${packet.id} уже получен, его идентификатор в банке ${earlier.bankPacketId}`,
        );
      }
      advance();
      const bankPacketId = crypto.randomUUID();
      journal.save("received", packet.id, { bankPacketId });
      const noticeId = crypto.randomUUID();
      const notices: OutgoingPacket["documents"] = [
        {
          id: noticeId,
          dockind: DOC_KIND.packetNotice,
          xml: buildStatusPacketNotice({
            id: noticeId,
            creationDate: bankDateTime(now()),
            sender: bankParty,
            recipient: { customer: { id: customer.id } },
            bankPacketId,
            result: { status: { code: "01", name: "Принят" } },
            packetId: packet.id,
          }),
        },
      ];
      const statements: OutgoingPacket["documents"] = [];
      for (const document of packet.documents) {
        let text: string;
        try {
          text = documentText(document.content);
        } catch {
          notices.push(
            docNotice(
              customer.id,
              document.id,
              documentError(
                "2201",
                "Некорректный формат электронного документа",
                "Файл документа не в кодировке UTF-8",
              ),
            ),
          );
          continue;
        }
        if (document.dockind === DOC_KIND.payment) {
          notices.push(docNotice(customer.id, document.id, takePayment(customer, document.id, text)));
        } else if (document.dockind === DOC_KIND.statementRequest) {
          let request;
          try {
            request = parseStatementRequest(text);
          } catch (error) {
            if (!(error instanceof DirectBankFormatError)) throw error;
            notices.push(
              docNotice(
                customer.id,
                document.id,
                documentError("2201", "Некорректный формат электронного документа", error.message),
              ),
            );
            continue;
          }
          if (request.account !== customer.account) {
            notices.push(
              docNotice(
                customer.id,
                document.id,
                documentError(
                  "2205",
                  "Ошибка в реквизитах электронного документа",
                  `Счет ${request.account} не открыт в банке для клиента ${customer.id}`,
                ),
              ),
            );
            continue;
          }
          notices.push(docNotice(customer.id, document.id, accepted("Запрос выписки принят")));
          statements.push(
            statement(customer, request.id, request.statementType, request.dateFrom, request.dateTo),
          );
        } else {
          notices.push(
            docNotice(
              customer.id,
              document.id,
              documentError(
                "2007",
                "Недопустимый код вида электронного документа",
                `Вид электронного документа с кодом ${document.dockind} не поддерживается`,
              ),
            ),
          );
        }
      }
      queue(customer.id, notices);
      if (statements.length > 0) queue(customer.id, statements);
      return bankPacketId;
    },

    /** The customer's packets from `since` (bank time, inclusive), oldest first. */
    packetsSince(customerId: string, since: string | null): OutgoingPacket[] {
      advance();
      return [...outbox.values()]
        .filter(
          (packet) => packet.customerId === customerId && (since === null || packet.creationDate >= since),
        )
        .sort((a, b) => a.seq - b.seq);
    },

    packet(customerId: string, id: string): OutgoingPacket | null {
      const packet = outbox.get(id);
      return packet && packet.customerId === customerId ? packet : null;
    },

    orders(): StoredOrder[] {
      advance();
      return [...orders.values()].sort((a, b) => a.seq - b.seq);
    },

    account(account: string) {
      advance();
      return {
        account,
        balanceKopecks: balances.get(account) ?? 0,
        ours: customerAccount(account) !== undefined,
      };
    },

    /** Sets the balance of a customer's account by an adjustment the statement shows. */
    setBalance(account: string, balanceKopecks: number) {
      advance();
      const difference = balanceKopecks - (balances.get(account) ?? 0);
      if (difference !== 0) {
        adjust(
          account,
          Math.abs(difference),
          difference > 0 ? "2" : "1",
          "Корректировка остатка",
          "Остаток задан в песочнице",
        );
      }
    },

    /** A payment from another bank's client to a customer's account. */
    receivePayment(account: string, amountKopecks: number, payer: PaymentData["payer"], purpose: string) {
      advance();
      const customer = customerAccount(account) as SandboxCustomer;
      const id = nextDocumentId();
      const at = now();
      record({
        id,
        account,
        at,
        dc: "2",
        amountKopecks,
        document: {
          kind: "PayDocRu",
          id,
          docKind: DOC_KIND.payment,
          data: {
            number: String(documentNumber % 1_000_000),
            date: bankDateTime(at).slice(0, 10),
            amountKopecks,
            payer,
            payee: {
              name: customer.name,
              inn: customer.inn,
              kpp: customer.kpp,
              account,
              bank: {
                bic: SANDBOX_BANK.bic,
                name: SANDBOX_BANK.name,
                correspondentAccount: SANDBOX_BANK.correspondentAccount,
              },
            },
            transitionKind: "01",
            priority: "5",
            purpose,
          },
        },
        extId: null,
      });
      return id;
    },
  };
}

export type SandboxBank = ReturnType<typeof createBank>;
