import { describe, expect, it } from "vitest";
import {
  buildPacket,
  buildPayDocRu,
  buildResultBank,
  buildStatement,
  buildStatementRequest,
  buildStatusDocNotice,
  buildStatusPacketNotice,
  DirectBankFormatError,
  documentBytes,
  documentText,
  parsePacket,
  parsePayDocRu,
  parseResultBank,
  parseStatement,
  parseStatementRequest,
  parseStatusDocNotice,
  parseStatusPacketNotice,
  type Packet,
  type PayDocRu,
  type ResultBank,
  type Statement,
} from "./directbank-xml";
import { BANK_SANDBOX_BANK, BANK_SANDBOX_PAYER } from "../../sandbox/vars";

/** Рейс at the sandbox bank. */
const PAYER = { ...BANK_SANDBOX_PAYER, bank: { ...BANK_SANDBOX_BANK, city: "г. Москва" } };
const PAYEE = {
  name: "ИП Сидоров Петр Ильич",
  inn: "500100732259",
  kpp: null,
  account: "40802810000000000001",
  bank: { bic: "040813255", name: 'ПАО "БАНК"', city: null, correspondentAccount: "30101810608130000255" },
};

const ORDER: PayDocRu = {
  id: "0f6a8a63-2c44-5b1e-9d1f-0c6f1d2a3b4c",
  creationDate: "2025-06-02T10:15:00",
  sender: { id: "770581432", name: "ООО «Рейс»", inn: "7705814322", kpp: "770501001" },
  recipient: { bic: "044525801", name: 'АО "БАНК МАГИСТРАЛЬ"' },
  data: {
    number: "17",
    date: "2025-06-02",
    amountKopecks: 4_900_050,
    payer: PAYER,
    payee: PAYEE,
    transitionKind: "01",
    priority: "5",
    purpose: 'Оплата по договору уступки № 12 <рейс 7>, "НДС" не облагается & прочее',
  },
};

describe("the payment order (PayDocRu)", () => {
  it("is written in the XSD's element order, escaped, in DirectBank's namespace", () => {
    expect(buildPayDocRu(ORDER)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<PayDocRu xmlns="http://directbank.1c.ru/XMLSchema" formatVersion="2.3.2" ' +
        'id="0f6a8a63-2c44-5b1e-9d1f-0c6f1d2a3b4c" creationDate="2025-06-02T10:15:00">' +
        '<Sender id="770581432" name="ООО «Рейс»" inn="7705814322" kpp="770501001"/>' +
        '<Recipient bic="044525801" name="АО &quot;БАНК МАГИСТРАЛЬ&quot;"/>' +
        "<Data><DocNo>17</DocNo><DocDate>2025-06-02</DocDate><Sum>49000.50</Sum>" +
        "<Payer><Name>ООО «Рейс»</Name><INN>7705814322</INN><KPP>770501001</KPP>" +
        "<Account>40702810800000047291</Account><Bank><BIC>044525801</BIC>" +
        "<Name>АО &quot;БАНК МАГИСТРАЛЬ&quot;</Name><City>г. Москва</City>" +
        "<CorrespAcc>30101810645250000801</CorrespAcc></Bank></Payer>" +
        "<Payee><Name>ИП Сидоров Петр Ильич</Name><INN>500100732259</INN>" +
        "<Account>40802810000000000001</Account><Bank><BIC>040813255</BIC><Name>ПАО &quot;БАНК&quot;</Name>" +
        "<CorrespAcc>30101810608130000255</CorrespAcc></Bank></Payee>" +
        "<TransitionKind>01</TransitionKind><Priority>5</Priority>" +
        "<Purpose>Оплата по договору уступки № 12 &lt;рейс 7&gt;, &quot;НДС&quot; не облагается &amp; прочее</Purpose>" +
        "</Data></PayDocRu>",
    );
  });

  it("reads back what it wrote", () => {
    expect(parsePayDocRu(buildPayDocRu(ORDER))).toEqual({
      ...ORDER,
      data: { ...ORDER.data, payee: { ...PAYEE, kpp: null } },
    });
  });

  it("reads a bank's own spelling: a BOM, whole roubles, no KPP, extra namespaces", () => {
    const xml =
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<PayDocRu xmlns="http://directbank.1c.ru/XMLSchema" xmlns:xs="http://www.w3.org/2001/XMLSchema" ' +
      'id="p1" formatVersion="2.3.1" creationDate="2019-04-22T09:38:51" userAgent="1С">\n' +
      '  <Sender id="c1" name="Торговый дом" inn="7705260699"/>\n  <Recipient bic="044525888"/>\n' +
      "  <Data>\n    <DocNo>14</DocNo>\n    <DocDate>2019-04-22</DocDate>\n    <Sum>15</Sum>\n" +
      "    <Payer><Name>ТД</Name><Account>40702810813123123222</Account><Bank><BIC>044525888</BIC></Bank></Payer>\n" +
      "    <Payee><Name>ООО &quot;Канцтовары&quot;</Name><Bank><BIC>044525999</BIC></Bank></Payee>\n" +
      "    <Purpose>за товар</Purpose>\n  </Data>\n</PayDocRu>";
    const doc = parsePayDocRu(xml);
    expect(doc.data.amountKopecks).toBe(1_500);
    expect(doc.data.payee).toEqual({
      name: 'ООО "Канцтовары"',
      inn: null,
      kpp: null,
      account: null,
      bank: { bic: "044525999", name: null, city: null, correspondentAccount: null },
    });
    expect(doc.sender).toEqual({ id: "c1", name: "Торговый дом", inn: "7705260699", kpp: null });
  });

  it("refuses a document that is not one, saying what is missing", () => {
    expect(() => parsePayDocRu("<PayDocRu id='x' creationDate='2025-06-02T10:00:00'/>")).toThrow(
      new DirectBankFormatError("PayDocRu: Sender is missing"),
    );
    expect(() => parsePayDocRu("<Probe/>")).toThrow(/expected a PayDocRu document, found Probe/);
    expect(() => parsePayDocRu(buildPayDocRu(ORDER).replace("49000.50", "49 000,50"))).toThrow(
      /Sum is not an amount/,
    );
    expect(() => parsePayDocRu("<PayDocRu><Sender>")).toThrow(DirectBankFormatError);
  });
});

describe("the notices and the statement request", () => {
  it("read back what they wrote", () => {
    const request = {
      id: "r1",
      creationDate: "2025-06-02T10:00:00",
      sender: { id: "770581432", name: null, inn: null, kpp: null },
      recipient: { bic: "044525801", name: null },
      statementType: "0" as const,
      dateFrom: "2025-06-01T00:00:00",
      dateTo: "2025-06-02T23:59:59",
      account: PAYER.account,
      bank: { bic: "044525801", name: "Банк", city: null, correspondentAccount: null },
    };
    expect(parseStatementRequest(buildStatementRequest(request))).toEqual(request);

    const rejected = {
      id: "n1",
      creationDate: "2025-06-02T10:00:05",
      sender: { bank: { bic: "044525801", name: null } },
      recipient: { customer: { id: "770581432", name: null, inn: null, kpp: null } },
      extId: ORDER.id,
      result: { status: { code: "03", name: "Отклонен банком", moreInfo: "Счет получателя закрыт" } },
    };
    expect(parseStatusDocNotice(buildStatusDocNotice(rejected))).toEqual(rejected);
    const refused = {
      ...rejected,
      result: { error: { code: "2202", description: "Дубль электронного документа по ИД", moreInfo: null } },
    };
    expect(parseStatusDocNotice(buildStatusDocNotice(refused))).toEqual(refused);

    const packetNotice = {
      id: "pn",
      creationDate: "2025-06-02T10:00:01",
      sender: rejected.sender,
      recipient: rejected.recipient,
      bankPacketId: "b-1",
      result: { status: { code: "01", name: "Принят", moreInfo: null } },
      packetId: "pk-1",
    };
    expect(parseStatusPacketNotice(buildStatusPacketNotice(packetNotice))).toEqual(packetNotice);
  });
});

describe("the statement", () => {
  const STATEMENT: Statement = {
    id: "st1",
    creationDate: "2025-06-02T18:00:00",
    sender: { bic: "044525801", name: "Банк" },
    recipient: { id: "770581432", name: "ООО «Рейс»", inn: "7705814322", kpp: "770501001" },
    statementType: "0",
    dateFrom: "2025-06-02T00:00:00",
    dateTo: "2025-06-02T23:59:59",
    account: PAYER.account,
    bank: PAYER.bank,
    openingBalanceKopecks: 0,
    totalDebitsKopecks: 4_900_050,
    totalCreditsKopecks: 10_000_000,
    closingBalanceKopecks: 5_099_950,
    operations: [
      {
        document: {
          kind: "InnerDoc",
          id: "100001",
          docKind: "13",
          innerDocKind: "Корректировка остатка",
          amountKopecks: 10_000_000,
          number: "100001",
          date: "2025-06-02",
          purpose: "Остаток",
        },
        dc: "2",
        date: "2025-06-02",
        extId: null,
        stamp: null,
      },
      {
        document: { kind: "PayDocRu", id: "100002", docKind: "10", data: ORDER.data },
        dc: "1",
        date: "2025-06-02",
        extId: ORDER.id,
        stamp: {
          bank: { bic: "044525801", name: "Банк", city: null, correspondentAccount: null },
          status: { code: "02", name: "Исполнен", moreInfo: null },
        },
      },
    ],
    statementRequestId: "r1",
  };

  it("reads back what it wrote", () => {
    expect(parseStatement(buildStatement(STATEMENT))).toEqual({
      ...STATEMENT,
      operations: [
        STATEMENT.operations[0],
        {
          ...STATEMENT.operations[1],
          document: { ...STATEMENT.operations[1].document, data: { ...ORDER.data, payee: { ...PAYEE } } },
        },
      ],
    });
  });

  it("reads the bank's other documents by their sum, number and purpose, and an overdraft", () => {
    const xml = buildStatement({ ...STATEMENT, operations: [], closingBalanceKopecks: -1_050 }).replace(
      "<ClosingBalance>-10.50</ClosingBalance>",
      "<ClosingBalance>-10.5</ClosingBalance><OperationInfo><PayDoc id='9' docKind='16'><MemOrder>" +
        "<DocNo>5</DocNo><Sum>120</Sum><Purpose>Комиссия за перевод</Purpose></MemOrder></PayDoc>" +
        "<DC>1</DC><Date>2025-06-02</Date></OperationInfo>",
    );
    const statement = parseStatement(xml);
    expect(statement.closingBalanceKopecks).toBe(-1_050);
    expect(statement.operations).toEqual([
      {
        document: {
          kind: "InnerDoc",
          id: "9",
          docKind: "16",
          innerDocKind: "MemOrder",
          amountKopecks: 12_000,
          number: "5",
          date: null,
          purpose: "Комиссия за перевод",
        },
        dc: "1",
        date: "2025-06-02",
        extId: null,
        stamp: null,
      },
    ]);
  });
});

describe("the transport packet and the bank service's answers", () => {
  const PACKET: Packet = {
    id: "pk-1",
    creationDate: "2025-06-02T10:15:00",
    sender: { customer: { id: "770581432", name: "ООО «Рейс»", inn: "7705814322", kpp: "770501001" } },
    recipient: { bank: { bic: "044525801", name: "Банк" } },
    documents: [
      { id: ORDER.id, dockind: "10", content: documentBytes(buildPayDocRu(ORDER)), fileName: null },
    ],
  };

  it("carries each document as base64 of UTF-8 with a BOM, and reads it back", () => {
    const xml = buildPacket(PACKET);
    expect(xml).toContain("<Data>77u/PD94bWwg");
    const packet = parsePacket(xml);
    expect(packet).toEqual(PACKET);
    expect(parsePayDocRu(documentText(packet.documents[0].content))).toEqual(
      parsePayDocRu(buildPayDocRu(ORDER)),
    );
  });

  it("reads base64 wrapped at 64 characters, as 1C writes it", () => {
    const wrapped = buildPacket(PACKET).replace(
      /<Data>([^<]+)<\/Data>/,
      (_, data: string) => `<Data fileName="FileFromBank">${data.replace(/(.{64})/g, "$1\r\n")}</Data>`,
    );
    expect(parsePacket(wrapped).documents[0]).toEqual({ ...PACKET.documents[0], fileName: "FileFromBank" });
  });

  it("answers every method in ResultBank, and reads each answer back", () => {
    const answers: ResultBank[] = [
      { kind: "logon", sid: "9b11221a-1bf6-4c34-a46d-ae9bcfdd9928" },
      { kind: "sendPacket", bankPacketId: "fb981835-a471-4ad9-9c00-bc4783b0ac5d" },
      { kind: "packetList", packetIds: ["a", "b"], timeStampLastPacket: "2025-06-02T10:15:00" },
      { kind: "packetList", packetIds: [], timeStampLastPacket: null },
      { kind: "packet", packet: PACKET },
      { kind: "error", code: "1201", description: "Некорректные данные для аутентификации", moreInfo: null },
    ];
    for (const answer of answers) expect(parseResultBank(buildResultBank(answer, "test"))).toEqual(answer);
  });

  it("refuses an answer that is not ResultBank", () => {
    expect(() => parseResultBank('{"error": "sandbox: bank fails on purpose"}')).toThrow(
      DirectBankFormatError,
    );
    expect(() => parseResultBank("<html><body>502 Bad Gateway</body></html>")).toThrow(
      /expected a ResultBank document, found html/,
    );
  });
});
