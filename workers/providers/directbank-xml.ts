// The documents of 1C:DirectBank (the standard «1С:ДиректБанк», format 2.3.2, public XSDs at
// github.com/1C-Company/DirectBank) that a payout needs, written and read: the transport packet
// (Packet), the bank service's answer (ResultBank), the payment order (PayDocRu), the statement
// request (StatementRequest), the notices of a document's and a packet's state (StatusDocNotice,
// StatusPacketNotice) and the statement (Statement). Elements are written in the order the XSDs'
// sequences give. Pure functions over strings and bytes: the adapter and the sandbox bank share
// them, so both sides speak the same schema.
import { XMLParser } from "fast-xml-parser";
import { amountToKopecks, balanceToKopecks, kopecksToAmount, kopecksToBalance } from "./decimal-amount";

export const DIRECTBANK_NAMESPACE = "http://directbank.1c.ru/XMLSchema";
export const DIRECTBANK_FORMAT_VERSION = "2.3.2";

/** Codes of the kinds of electronic documents (the standard's table «Коды видов ЭД»). */
export const DOC_KIND = {
  packetNotice: "01",
  documentNotice: "02",
  payment: "10",
  statementRequest: "14",
  statement: "15",
} as const;

/** Codes of a document's state (the standard's table «Коды статусов ЭД»). */
export const DOC_STATUS = {
  accepted: "01",
  executed: "02",
  rejected: "03",
  suspended: "04",
  cancelled: "05",
  unconfirmed: "06",
} as const;

/** A document or packet that does not follow the schema; `message` says where. */
export class DirectBankFormatError extends Error {
  override name = "DirectBankFormatError";
}

// ---------------------------------------------------------------------------------------------
// Parties and payment data

export type CustomerParty = { id: string; name?: string | null; inn?: string | null; kpp?: string | null };
export type BankParty = { bic: string; name?: string | null };
/** A packet's or notice's sender or recipient: the customer or the bank. */
export type Participant = { customer: CustomerParty } | { bank: BankParty };

export type BankDetails = {
  bic: string;
  name?: string | null;
  city?: string | null;
  correspondentAccount?: string | null;
};

export type PartyDetails = {
  name: string;
  inn?: string | null;
  kpp?: string | null;
  account?: string | null;
  bank?: BankDetails | null;
};

/** The fields of a payment document the product writes and reads (PaymentDataType). */
export type PaymentData = {
  number: string;
  date: string;
  amountKopecks: number;
  payer: PartyDetails;
  payee: PartyDetails;
  transitionKind?: string | null;
  priority?: string | null;
  purpose: string;
};

export type PayDocRu = {
  id: string;
  creationDate: string;
  sender: CustomerParty;
  recipient: BankParty;
  data: PaymentData;
};

export type StatementRequest = {
  id: string;
  creationDate: string;
  sender: CustomerParty;
  recipient: BankParty;
  /** 0 final, 1 intermediate, 2 the current balance. */
  statementType: "0" | "1" | "2";
  /** Bank-local date-times, YYYY-MM-DDTHH:mm:ss. */
  dateFrom: string;
  dateTo: string;
  account: string;
  bank: BankDetails;
};

/** A document's state in the bank (StatusType): its code, the bank's name for it, more words. */
export type DocumentStatus = { code: string; name?: string | null; moreInfo?: string | null };

export type NoticeResult =
  { status: DocumentStatus } | { error: { code: string; description: string; moreInfo?: string | null } };

export type StatusDocNotice = {
  id: string;
  creationDate: string;
  sender: Participant;
  recipient: Participant;
  /** The id of the document the notice is about. */
  extId: string;
  result: NoticeResult;
};

export type StatusPacketNotice = {
  id: string;
  creationDate: string;
  sender: Participant;
  recipient: Participant;
  /** The id the bank answered SendPack with. */
  bankPacketId: string;
  result: NoticeResult;
  /** The id of the packet the notice is about. */
  packetId: string;
};

/** A payment document in a statement: a payment order, or a bank's own document (InnerDoc). */
export type OperationDocument =
  | { kind: "PayDocRu"; id: string; docKind: string; data: PaymentData }
  | {
      kind: "InnerDoc";
      id: string;
      docKind: string;
      innerDocKind: string;
      amountKopecks: number;
      number?: string | null;
      date?: string | null;
      purpose?: string | null;
    };

export type StatementOperation = {
  document: OperationDocument;
  /** 1 debit (money out), 2 credit (money in). */
  dc: "1" | "2";
  date: string;
  /** The id of the customer's own document, when the operation is one. */
  extId?: string | null;
  stamp?: {
    bank: BankDetails;
    status: { code: string; name?: string | null; moreInfo?: string | null };
  } | null;
};

export type Statement = {
  id: string;
  creationDate: string;
  sender: BankParty;
  recipient: CustomerParty;
  statementType: "0" | "1" | "2";
  dateFrom?: string | null;
  dateTo: string;
  account: string;
  bank: BankDetails;
  openingBalanceKopecks?: number | null;
  totalDebitsKopecks?: number | null;
  totalCreditsKopecks?: number | null;
  closingBalanceKopecks: number;
  operations: StatementOperation[];
  statementRequestId?: string | null;
};

export type PacketDocument = {
  id: string;
  dockind: string;
  /** The document's file: XML in UTF-8 with a BOM. */
  content: Uint8Array;
  fileName?: string | null;
};

export type Packet = {
  id: string;
  creationDate: string;
  sender: Participant;
  recipient: Participant;
  documents: PacketDocument[];
};

/** The bank service's synchronous answer to each of its methods (ResultBank). */
export type ResultBank =
  | { kind: "logon"; sid: string }
  | { kind: "sendPacket"; bankPacketId: string }
  | { kind: "packetList"; packetIds: string[]; timeStampLastPacket: string | null }
  | { kind: "packet"; packet: Packet }
  | { kind: "error"; code: string; description: string; moreInfo: string | null };

// ---------------------------------------------------------------------------------------------
// Writing

type Attributes = Record<string, string | null | undefined>;
type Content = string | null | undefined | false;

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** ` name="value"` for each attribute given; absent ones are left out. */
const attributeText = (attributes: Attributes | null) =>
  Object.entries(attributes ?? {})
    .filter((entry): entry is [string, string] => entry[1] != null)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");

/** An element with its attributes and already written children. */
function element(name: string, attributes: Attributes | null, ...children: Content[]): string {
  const inner = children
    .filter((child): child is string => typeof child === "string" && child !== "")
    .join("");
  const attrs = attributeText(attributes);
  return inner === "" ? `<${name}${attrs}/>` : `<${name}${attrs}>${inner}</${name}>`;
}

/** A text element; nothing when the value is absent. */
const leaf = (name: string, value: string | null | undefined, attributes: Attributes | null = null) =>
  value == null ? null : `<${name}${attributeText(attributes)}>${escapeXml(value)}</${name}>`;

const documentXml = (root: string, attributes: Attributes, ...children: Content[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${element(
    root,
    { xmlns: DIRECTBANK_NAMESPACE, formatVersion: DIRECTBANK_FORMAT_VERSION, ...attributes },
    ...children,
  )}`;

const customerAttributes = (party: CustomerParty): Attributes => ({
  id: party.id,
  name: party.name,
  inn: party.inn,
  kpp: party.kpp,
});

const participant = (name: string, who: Participant) =>
  element(
    name,
    null,
    "customer" in who
      ? element("Customer", customerAttributes(who.customer))
      : element("Bank", { bic: who.bank.bic, name: who.bank.name }),
  );

/** BankType's children, in its order: a bank's details, and the stamp of a statement built on them. */
const bankFields = (bank: BankDetails) => [
  leaf("BIC", bank.bic),
  leaf("Name", bank.name),
  leaf("City", bank.city),
  leaf("CorrespAcc", bank.correspondentAccount),
];

const bankDetails = (name: string, bank: BankDetails) => element(name, null, ...bankFields(bank));

const statusElement = (status: DocumentStatus) =>
  element(
    "Status",
    null,
    leaf("Code", status.code),
    leaf("Name", status.name),
    leaf("MoreInfo", status.moreInfo),
  );

const partyDetails = (name: string, party: PartyDetails) =>
  element(
    name,
    null,
    leaf("Name", party.name),
    leaf("INN", party.inn),
    leaf("KPP", party.kpp),
    leaf("Account", party.account),
    party.bank && bankDetails("Bank", party.bank),
  );

const paymentData = (name: string, data: PaymentData) =>
  element(
    name,
    null,
    leaf("DocNo", data.number),
    leaf("DocDate", data.date),
    leaf("Sum", kopecksToAmount(data.amountKopecks)),
    partyDetails("Payer", data.payer),
    partyDetails("Payee", data.payee),
    leaf("TransitionKind", data.transitionKind),
    leaf("Priority", data.priority),
    leaf("Purpose", data.purpose),
  );

const noticeResult = (result: NoticeResult) =>
  element(
    "Result",
    null,
    "status" in result
      ? statusElement(result.status)
      : element(
          "Error",
          null,
          leaf("Code", result.error.code),
          leaf("Description", result.error.description),
          leaf("MoreInfo", result.error.moreInfo),
        ),
  );

export function buildPayDocRu(doc: PayDocRu): string {
  return documentXml(
    "PayDocRu",
    { id: doc.id, creationDate: doc.creationDate },
    element("Sender", customerAttributes(doc.sender)),
    element("Recipient", { bic: doc.recipient.bic, name: doc.recipient.name }),
    paymentData("Data", doc.data),
  );
}

/** The fields a statement and its request both start their Data with, in the XSDs' order. */
const statementPeriod = (
  period: Pick<Statement, "statementType" | "dateFrom" | "dateTo" | "account" | "bank">,
) => [
  leaf("StatementType", period.statementType),
  leaf("DateFrom", period.dateFrom),
  leaf("DateTo", period.dateTo),
  leaf("Account", period.account),
  bankDetails("Bank", period.bank),
];

export function buildStatementRequest(request: StatementRequest): string {
  return documentXml(
    "StatementRequest",
    { id: request.id, creationDate: request.creationDate },
    element("Sender", customerAttributes(request.sender)),
    element("Recipient", { bic: request.recipient.bic, name: request.recipient.name }),
    element("Data", null, ...statementPeriod(request)),
  );
}

export function buildStatusDocNotice(notice: StatusDocNotice): string {
  return documentXml(
    "StatusDocNotice",
    { id: notice.id, creationDate: notice.creationDate },
    participant("Sender", notice.sender),
    participant("Recipient", notice.recipient),
    leaf("ExtID", notice.extId),
    noticeResult(notice.result),
  );
}

export function buildStatusPacketNotice(notice: StatusPacketNotice): string {
  return documentXml(
    "StatusPacketNotice",
    { id: notice.id, creationDate: notice.creationDate },
    participant("Sender", notice.sender),
    participant("Recipient", notice.recipient),
    leaf("IDResultSuccessResponse", notice.bankPacketId),
    noticeResult(notice.result),
    leaf("ExtIDPacket", notice.packetId),
  );
}

function operationDocument(document: OperationDocument): string {
  const attributes = { id: document.id, docKind: document.docKind };
  if (document.kind === "PayDocRu")
    return element("PayDoc", attributes, paymentData("PayDocRu", document.data));
  return element(
    "PayDoc",
    attributes,
    element(
      "InnerDoc",
      null,
      leaf("DocNo", document.number),
      leaf("DocDate", document.date),
      leaf("Sum", kopecksToAmount(document.amountKopecks)),
      leaf("Purpose", document.purpose),
      leaf("InnerDocKind", document.innerDocKind),
    ),
  );
}

export function buildStatement(statement: Statement): string {
  const balance = (name: string, kopecks: number | null | undefined) =>
    leaf(name, kopecks == null ? null : kopecksToBalance(kopecks));
  return documentXml(
    "Statement",
    { id: statement.id, creationDate: statement.creationDate },
    element("Sender", { bic: statement.sender.bic, name: statement.sender.name }),
    element("Recipient", customerAttributes(statement.recipient)),
    element(
      "Data",
      null,
      ...statementPeriod(statement),
      balance("OpeningBalance", statement.openingBalanceKopecks),
      balance("TotalDebits", statement.totalDebitsKopecks),
      balance("TotalCredits", statement.totalCreditsKopecks),
      balance("ClosingBalance", statement.closingBalanceKopecks),
      ...statement.operations.map((operation) =>
        element(
          "OperationInfo",
          null,
          operationDocument(operation.document),
          leaf("DC", operation.dc),
          leaf("Date", operation.date),
          leaf("ExtID", operation.extId),
          operation.stamp &&
            element(
              "Stamp",
              null,
              ...bankFields(operation.stamp.bank),
              statusElement(operation.stamp.status),
            ),
        ),
      ),
    ),
    leaf("ExtIDStatementRequest", statement.statementRequestId),
  );
}

/** The packet's children and attributes, as Packet and as ResultBank's GetPacketResponse. */
const packetElement = (name: string, packet: Packet, attributes: Attributes = {}) =>
  element(
    name,
    {
      ...attributes,
      id: packet.id,
      formatVersion: DIRECTBANK_FORMAT_VERSION,
      creationDate: packet.creationDate,
    },
    participant("Sender", packet.sender),
    participant("Recipient", packet.recipient),
    ...packet.documents.map((document) =>
      element(
        "Document",
        { id: document.id, dockind: document.dockind, formatVersion: DIRECTBANK_FORMAT_VERSION },
        leaf("Data", toBase64(document.content), { fileName: document.fileName }),
      ),
    ),
  );

export const buildPacket = (packet: Packet) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${packetElement("Packet", packet, { xmlns: DIRECTBANK_NAMESPACE })}`;

const RESULT_ATTRIBUTES = { xmlns: DIRECTBANK_NAMESPACE, formatVersion: DIRECTBANK_FORMAT_VERSION };

export function buildResultBank(result: ResultBank, userAgent: string): string {
  const attributes = { ...RESULT_ATTRIBUTES, userAgent };
  const success = (...children: Content[]) =>
    element("ResultBank", attributes, element("Success", null, ...children));
  let body: string;
  switch (result.kind) {
    case "logon":
      body = success(element("LogonResponse", null, leaf("SID", result.sid)));
      break;
    case "sendPacket":
      body = success(element("SendPacketResponse", null, leaf("ID", result.bankPacketId)));
      break;
    case "packetList":
      body = success(
        element(
          "GetPacketListResponse",
          { TimeStampLastPacket: result.timeStampLastPacket },
          ...result.packetIds.map((id) => leaf("PacketID", id)),
        ),
      );
      break;
    case "packet":
      body = success(packetElement("GetPacketResponse", result.packet));
      break;
    case "error":
      body = element(
        "ResultBank",
        attributes,
        element(
          "Error",
          null,
          leaf("Code", result.code),
          leaf("Description", result.description),
          leaf("MoreInfo", result.moreInfo),
        ),
      );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

// ---------------------------------------------------------------------------------------------
// Bytes: the standard's files are UTF-8 with a BOM, carried in packets as base64

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** A document's file: its XML as UTF-8, with the BOM the standard asks for. */
export function documentBytes(xml: string): Uint8Array<ArrayBuffer> {
  const text = new TextEncoder().encode(xml);
  const bytes = new Uint8Array(BOM.length + text.length);
  bytes.set(BOM);
  bytes.set(text, BOM.length);
  return bytes;
}

/** A file's text; the BOM, when there is one, is dropped. */
export const documentText = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ""));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** Elements that may repeat, read as arrays even when there is one. */
const REPEATED = new Set(["Document", "PacketID", "OperationInfo", "Signature"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  isArray: (name) => REPEATED.has(name),
});

type Node = Record<string, unknown>;

/** The root element `name` of `xml`, as the parser reads it. */
function root(xml: string, name: string): Node {
  let parsed: Node;
  try {
    parsed = parser.parse(xml.replace(/^\uFEFF/, ""), true) as Node;
  } catch (error) {
    throw new DirectBankFormatError(`not well-formed XML: ${(error as Error).message}`);
  }
  const node = parsed[name];
  if (!node || typeof node !== "object") {
    const found = Object.keys(parsed).join(", ") || "nothing";
    throw new DirectBankFormatError(`expected a ${name} document, found ${found}`);
  }
  return node as Node;
}

const isNode = (value: unknown): value is Node => typeof value === "object" && value !== null;

/** The text of a child element or attribute (`@name`), or undefined. */
function textOf(node: Node, key: string): string | undefined {
  const value = node[key];
  if (typeof value === "string") return value;
  if (isNode(value) && typeof value["#text"] === "string") return value["#text"];
  if (isNode(value) && !key.startsWith("@")) return "";
  return undefined;
}

const optional = (node: Node, key: string) => textOf(node, key) ?? null;

function required(node: Node, key: string, where: string): string {
  const value = textOf(node, key);
  if (value === undefined || value === "") throw new DirectBankFormatError(`${where}: ${key} is missing`);
  return value;
}

function childOf(node: Node, key: string, where: string): Node {
  const value = node[key];
  if (!isNode(value)) throw new DirectBankFormatError(`${where}: ${key} is missing`);
  return value;
}

const optionalChild = (node: Node, key: string): Node | null =>
  isNode(node[key]) ? (node[key] as Node) : null;

function sum(node: Node, key: string, where: string, read = amountToKopecks): number {
  const value = required(node, key, where);
  try {
    return read(value);
  } catch {
    throw new DirectBankFormatError(`${where}: ${key} is not an amount: ${value}`);
  }
}

const customerParty = (node: Node): CustomerParty => ({
  id: required(node, "@id", "Customer"),
  name: optional(node, "@name"),
  inn: optional(node, "@inn"),
  kpp: optional(node, "@kpp"),
});

const bankParty = (node: Node): BankParty => ({
  bic: required(node, "@bic", "Bank"),
  name: optional(node, "@name"),
});

function participantOf(node: Node, key: string): Participant {
  const who = childOf(node, key, key);
  const customer = optionalChild(who, "Customer");
  if (customer) return { customer: customerParty(customer) };
  const bank = optionalChild(who, "Bank");
  if (bank) return { bank: bankParty(bank) };
  throw new DirectBankFormatError(`${key}: neither Customer nor Bank`);
}

const bankDetailsOf = (node: Node): BankDetails => ({
  bic: required(node, "BIC", "Bank"),
  name: optional(node, "Name"),
  city: optional(node, "City"),
  correspondentAccount: optional(node, "CorrespAcc"),
});

function partyDetailsOf(node: Node, where: string): PartyDetails {
  const bank = optionalChild(node, "Bank");
  return {
    name: required(node, "Name", where),
    inn: optional(node, "INN"),
    kpp: optional(node, "KPP"),
    account: optional(node, "Account"),
    bank: bank ? bankDetailsOf(bank) : null,
  };
}

const paymentDataOf = (node: Node, where: string): PaymentData => ({
  number: required(node, "DocNo", where),
  date: required(node, "DocDate", where),
  amountKopecks: sum(node, "Sum", where),
  payer: partyDetailsOf(childOf(node, "Payer", where), `${where}/Payer`),
  payee: partyDetailsOf(childOf(node, "Payee", where), `${where}/Payee`),
  transitionKind: optional(node, "TransitionKind"),
  priority: optional(node, "Priority"),
  purpose: required(node, "Purpose", where),
});

const statusOf = (node: Node, where: string): DocumentStatus => ({
  code: required(node, "Code", where),
  name: optional(node, "Name"),
  moreInfo: optional(node, "MoreInfo"),
});

function noticeResultOf(node: Node): NoticeResult {
  const result = childOf(node, "Result", "notice");
  const status = optionalChild(result, "Status");
  if (status) {
    return { status: statusOf(status, "Result/Status") };
  }
  const error = childOf(result, "Error", "Result");
  return {
    error: {
      code: required(error, "Code", "Result/Error"),
      description: required(error, "Description", "Result/Error"),
      moreInfo: optional(error, "MoreInfo"),
    },
  };
}

export function parsePayDocRu(xml: string): PayDocRu {
  const doc = root(xml, "PayDocRu");
  return {
    id: required(doc, "@id", "PayDocRu"),
    creationDate: required(doc, "@creationDate", "PayDocRu"),
    sender: customerParty(childOf(doc, "Sender", "PayDocRu")),
    recipient: bankParty(childOf(doc, "Recipient", "PayDocRu")),
    data: paymentDataOf(childOf(doc, "Data", "PayDocRu"), "PayDocRu/Data"),
  };
}

const statementTypeOf = (node: Node, where: string) => {
  const type = required(node, "StatementType", where);
  if (type !== "0" && type !== "1" && type !== "2")
    throw new DirectBankFormatError(`${where}: StatementType ${type}`);
  return type;
};

export function parseStatementRequest(xml: string): StatementRequest {
  const doc = root(xml, "StatementRequest");
  const data = childOf(doc, "Data", "StatementRequest");
  return {
    id: required(doc, "@id", "StatementRequest"),
    creationDate: required(doc, "@creationDate", "StatementRequest"),
    sender: customerParty(childOf(doc, "Sender", "StatementRequest")),
    recipient: bankParty(childOf(doc, "Recipient", "StatementRequest")),
    statementType: statementTypeOf(data, "StatementRequest/Data"),
    dateFrom: required(data, "DateFrom", "StatementRequest/Data"),
    dateTo: required(data, "DateTo", "StatementRequest/Data"),
    account: required(data, "Account", "StatementRequest/Data"),
    bank: bankDetailsOf(childOf(data, "Bank", "StatementRequest/Data")),
  };
}

export function parseStatusDocNotice(xml: string): StatusDocNotice {
  const doc = root(xml, "StatusDocNotice");
  return {
    id: required(doc, "@id", "StatusDocNotice"),
    creationDate: required(doc, "@creationDate", "StatusDocNotice"),
    sender: participantOf(doc, "Sender"),
    recipient: participantOf(doc, "Recipient"),
    extId: required(doc, "ExtID", "StatusDocNotice"),
    result: noticeResultOf(doc),
  };
}

export function parseStatusPacketNotice(xml: string): StatusPacketNotice {
  const doc = root(xml, "StatusPacketNotice");
  return {
    id: required(doc, "@id", "StatusPacketNotice"),
    creationDate: required(doc, "@creationDate", "StatusPacketNotice"),
    sender: participantOf(doc, "Sender"),
    recipient: participantOf(doc, "Recipient"),
    bankPacketId: required(doc, "IDResultSuccessResponse", "StatusPacketNotice"),
    result: noticeResultOf(doc),
    packetId: required(doc, "ExtIDPacket", "StatusPacketNotice"),
  };
}

function operationDocumentOf(payDoc: Node): OperationDocument {
  const id = required(payDoc, "@id", "PayDoc");
  const docKind = required(payDoc, "@docKind", "PayDoc");
  const payment = optionalChild(payDoc, "PayDocRu");
  if (payment) return { kind: "PayDocRu", id, docKind, data: paymentDataOf(payment, "PayDoc/PayDocRu") };
  // The bank's own documents (orders, InnerDoc …) carry a sum and, as a rule, a number, date and purpose.
  const [kind, node] =
    Object.entries(payDoc).find(([key, value]) => !key.startsWith("@") && isNode(value)) ?? [];
  if (!kind || !isNode(node)) throw new DirectBankFormatError("PayDoc: no payment document in it");
  return {
    kind: "InnerDoc",
    id,
    docKind,
    innerDocKind: optional(node, "InnerDocKind") ?? kind,
    amountKopecks: sum(node, "Sum", `PayDoc/${kind}`),
    number: optional(node, "DocNo"),
    date: optional(node, "DocDate"),
    purpose: optional(node, "Purpose"),
  };
}

export function parseStatement(xml: string): Statement {
  const doc = root(xml, "Statement");
  const data = childOf(doc, "Data", "Statement");
  const balance = (key: string) =>
    textOf(data, key) === undefined ? null : sum(data, key, "Statement/Data", balanceToKopecks);
  const operations = ((data.OperationInfo as unknown[] | undefined) ?? []).filter(isNode).map((operation) => {
    const dc = required(operation, "DC", "OperationInfo");
    if (dc !== "1" && dc !== "2") throw new DirectBankFormatError(`OperationInfo: DC ${dc}`);
    const stamp = optionalChild(operation, "Stamp");
    const status = stamp && optionalChild(stamp, "Status");
    return {
      document: operationDocumentOf(childOf(operation, "PayDoc", "OperationInfo")),
      dc,
      date: required(operation, "Date", "OperationInfo"),
      extId: optional(operation, "ExtID"),
      stamp:
        stamp && status
          ? {
              bank: bankDetailsOf(stamp),
              status: statusOf(status, "Stamp/Status"),
            }
          : null,
    } satisfies StatementOperation;
  });
  return {
    id: required(doc, "@id", "Statement"),
    creationDate: required(doc, "@creationDate", "Statement"),
    sender: bankParty(childOf(doc, "Sender", "Statement")),
    recipient: customerParty(childOf(doc, "Recipient", "Statement")),
    statementType: statementTypeOf(data, "Statement/Data"),
    dateFrom: optional(data, "DateFrom"),
    dateTo: required(data, "DateTo", "Statement/Data"),
    account: required(data, "Account", "Statement/Data"),
    bank: bankDetailsOf(childOf(data, "Bank", "Statement/Data")),
    openingBalanceKopecks: balance("OpeningBalance"),
    totalDebitsKopecks: balance("TotalDebits"),
    totalCreditsKopecks: balance("TotalCredits"),
    closingBalanceKopecks: sum(data, "ClosingBalance", "Statement/Data", balanceToKopecks),
    operations,
    statementRequestId: optional(doc, "ExtIDStatementRequest"),
  };
}

function packetOf(node: Node, where: string): Packet {
  const documents = ((node.Document as unknown[] | undefined) ?? []).filter(isNode).map((document) => {
    const data = isNode(document.Data) ? document.Data : {};
    let content: Uint8Array;
    try {
      content = fromBase64(textOf(document, "Data") ?? "");
    } catch {
      throw new DirectBankFormatError(`${where}/Document: Data is not base64`);
    }
    return {
      id: required(document, "@id", `${where}/Document`),
      dockind: required(document, "@dockind", `${where}/Document`),
      content,
      fileName: optional(data, "@fileName"),
    };
  });
  if (documents.length === 0) throw new DirectBankFormatError(`${where}: no Document in it`);
  return {
    id: required(node, "@id", where),
    creationDate: required(node, "@creationDate", where),
    sender: participantOf(node, "Sender"),
    recipient: participantOf(node, "Recipient"),
    documents,
  };
}

export const parsePacket = (xml: string): Packet => packetOf(root(xml, "Packet"), "Packet");

export function parseResultBank(xml: string): ResultBank {
  const result = root(xml, "ResultBank");
  const error = optionalChild(result, "Error");
  if (error) {
    return {
      kind: "error",
      code: required(error, "Code", "ResultBank/Error"),
      description: required(error, "Description", "ResultBank/Error"),
      moreInfo: optional(error, "MoreInfo"),
    };
  }
  const success = childOf(result, "Success", "ResultBank");
  const logon = optionalChild(success, "LogonResponse");
  if (logon) return { kind: "logon", sid: required(logon, "SID", "LogonResponse") };
  const sent = optionalChild(success, "SendPacketResponse");
  if (sent) return { kind: "sendPacket", bankPacketId: required(sent, "ID", "SendPacketResponse") };
  if ("GetPacketListResponse" in success) {
    const list = optionalChild(success, "GetPacketListResponse") ?? {};
    const ids = (list.PacketID as unknown[] | undefined) ?? [];
    return {
      kind: "packetList",
      packetIds: ids.filter((id): id is string => typeof id === "string"),
      timeStampLastPacket: optional(list, "@TimeStampLastPacket"),
    };
  }
  const packet = optionalChild(success, "GetPacketResponse");
  if (packet) return { kind: "packet", packet: packetOf(packet, "GetPacketResponse") };
  throw new DirectBankFormatError(`ResultBank/Success: ${Object.keys(success).join(", ") || "empty"}`);
}
