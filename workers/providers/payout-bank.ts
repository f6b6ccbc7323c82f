/**
 * The bank Рейс pays carriers out through, as the product uses it: send a payment order from
 * Рейс's account, learn what became of it from the bank's status notices, and read the account's
 * statement. The adapter (workers/providers/directbank.ts) speaks 1C:DirectBank; the sandbox
 * (sandbox/bank) serves the same protocol at the same paths.
 */

/** A company and its account at a bank, as a payment order names a payer or a payee. */
export type AccountHolder = {
  /** «ООО «Вектор»», «Индивидуальный предприниматель Иванов Иван Иванович». */
  name: string;
  inn: string;
  /** Null for a sole trader. */
  kpp: string | null;
  /** The settlement account, 20 digits. */
  account: string;
  bank: {
    bic: string;
    /** As the БИК directory names it for payments. */
    name: string;
    /** «г. Москва»; optional in a payment order. */
    city?: string | null;
    correspondentAccount: string;
  };
};

/** A carrier's account a payout goes to (the payee of the payment order). */
export type PayoutRecipient = AccountHolder;

export type PayoutOrder = {
  /**
   * Our id of this payment order (one payout attempt). The same id never makes a second order
   * at the bank, however often it is sent; a new attempt after a rejection needs a new id.
   */
  id: string;
  /** The payment order's number (field 3): up to 6 digits, unique within the year. */
  number: string;
  /** The order's date, YYYY-MM-DD. */
  date: string;
  amountKopecks: number;
  payee: PayoutRecipient;
  /** Field 24, at most 210 characters: what the payment is for and the VAT clause. */
  purpose: string;
};

export type SentPayout = {
  /** The order's document id at the bank, derived from PayoutOrder.id: the key of its notices. */
  documentId: string;
  /** True when the bank had it already (an earlier send whose answer was lost). */
  alreadySent: boolean;
};

/**
 * What the bank says of a payment order: taken in (`accepted`), executed (the money left Рейс's
 * account), or rejected with the bank's reason. A suspended order (not enough money, waiting for
 * confirmation) is still `accepted`, with the bank's note in `reason`.
 */
export type PayoutState = "accepted" | "executed" | "rejected";

export type PayoutNotice = {
  documentId: string;
  state: PayoutState;
  /** The bank's words: why it was rejected or suspended; null when it says nothing more. */
  reason: string | null;
  /** The bank's status (01 принят, 02 исполнен, 03 отклонен …) or error code (2205 …). */
  bankCode: string;
  /** When the bank wrote the notice, its own clock: YYYY-MM-DDTHH:mm:ss. */
  at: string;
};

export type PayoutNotices = {
  /** Oldest first. A notice says where an order stands: applying one twice changes nothing more. */
  notices: PayoutNotice[];
  /** Pass to the next call to get only what came since (opaque); null when the bank has sent nothing yet. */
  cursor: string | null;
};

export type StatementParty = {
  name: string;
  inn: string | null;
  kpp: string | null;
  account: string | null;
  bic: string | null;
};

export type StatementOperation = {
  /** The bank's id of the payment document. */
  bankDocumentId: string;
  /** Our document id when the operation is one of our orders (SentPayout.documentId). */
  documentId: string | null;
  direction: "out" | "in";
  /** The date it went through the account, YYYY-MM-DD. */
  date: string;
  amountKopecks: number;
  number: string | null;
  purpose: string | null;
  payer: StatementParty | null;
  payee: StatementParty | null;
};

export type BankStatement = {
  account: string;
  /** The period asked for, YYYY-MM-DD both. */
  from: string;
  to: string;
  openingBalanceKopecks: number | null;
  closingBalanceKopecks: number;
  operations: StatementOperation[];
};

export interface PayoutBank {
  /**
   * The bank's document id the order `payoutId` will have (SentPayout.documentId): known before
   * it is sent, so a notice that overtakes the send's answer still finds its order.
   */
  documentIdOf(payoutId: string): Promise<string>;
  /** Sends the payment order; answers once the bank has taken the packet in. */
  sendPayout(order: PayoutOrder): Promise<SentPayout>;
  /** The bank's notices since `cursor` (null: all it has), for every order of Рейс's. */
  notices(cursor: string | null): Promise<PayoutNotices>;
  /**
   * The latest notice of one order, or null while the bank has said nothing of it. Reads every
   * notice the bank keeps: for a periodic check of many orders use `notices` with a cursor.
   */
  payoutStatus(documentId: string): Promise<PayoutNotice | null>;
  /** Рейс's account statement for whole days, from and to (YYYY-MM-DD) inclusive. */
  statement(period: { from: string; to: string }): Promise<BankStatement>;
}

/**
 * The bank failed, timed out, is closed for maintenance or answered something unreadable:
 * nothing was decided, send the same order again later (its id keeps it from doubling).
 */
export class BankUnavailableError extends Error {
  override name = "BankUnavailableError";
  constructor(
    message: string,
    /** The bank's error code (1001 …), the HTTP status, or timeout / unreachable / unreadable. */
    readonly code: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The bank refused the request itself: the credentials, the customer id, the packet. Sending
 * it again as it is will not help; the configuration or the adapter needs fixing.
 */
export class BankRefusedError extends Error {
  override name = "BankRefusedError";
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}
