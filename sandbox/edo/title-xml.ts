// The XML of the sandbox EDO operator's titles (decision 0026), in the FNS ЭТрН 5.01 layout of the
// GNIVC XSDs ON_TRNACLGROT (КНД 1110339), ON_TRNACLPPRIN (1110340), ON_TRNACLGRPO (1110341) and
// ON_TRNACLPVYN (1110342): elements in the XSDs' order, dates as ДатаТип / ВремяТип /
// ДатаВремяВЗТип. Titles of other kinds get a small XML of their own.

import {
  clock,
  ruDate,
  T2,
  T3,
  T4,
  type AcceptanceCode,
  type AcceptanceModel,
  type Organisation,
  type OtherModel,
  type Person,
  type Signer,
  type TitleModel,
  type VehicleUnit,
  type WaybillModel,
} from "./title-model";

const decimal = (value: number) => String(Math.round(value * 100) / 100);

type Attrs = Record<string, string | number | null | undefined>;
type XmlNode = { name: string; attrs: Attrs; children: XmlNode[]; text: string | null };
type Child = XmlNode | null | undefined | false;

const el = (name: string, attrs: Attrs = {}, ...children: Child[]): XmlNode => ({
  name,
  attrs,
  children: children.filter((child): child is XmlNode => Boolean(child)),
  text: null,
});
const textEl = (name: string, text: string): XmlNode => ({ name, attrs: {}, children: [], text });

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeAttr = (text: string) => escapeText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#10;");

function render(node: XmlNode, indent: string): string {
  let attrs = "";
  for (const [key, value] of Object.entries(node.attrs)) {
    if (value !== null && value !== undefined) attrs += ` ${key}="${escapeAttr(String(value))}"`;
  }
  if (node.text !== null) return `${indent}<${node.name}${attrs}>${escapeText(node.text)}</${node.name}>\n`;
  if (node.children.length === 0) return `${indent}<${node.name}${attrs}/>\n`;
  const inner = node.children.map((child) => render(child, `${indent}  `)).join("");
  return `${indent}<${node.name}${attrs}>\n${inner}${indent}</${node.name}>\n`;
}

const xmlDocument = (root: XmlNode) => `<?xml version="1.0" encoding="windows-1251"?>\n${render(root, "")}`;

function participant(organisation: Organisation): XmlNode[] {
  const identity = organisation.owner
    ? el(
        "СвИП",
        { ИННФЛ: organisation.inn },
        el("ФИО", {
          Фамилия: organisation.owner.family,
          Имя: organisation.owner.name,
          Отчество: organisation.owner.patronymic,
        }),
      )
    : el("СвЮЛУч", { НаимОрг: organisation.name, ИННЮЛ: organisation.inn, КПП: organisation.kpp });
  return [
    el("ИдСв", {}, identity),
    el("Адрес", {}, el("АдрИнф", { КодСтр: "643", АдрТекст: organisation.address })),
    el("Контакт", {}, textEl("Тлф", organisation.phone), textEl("ЭлПочта", organisation.email)),
  ];
}

const innOf = (organisation: Organisation) =>
  textEl(organisation.owner ? "ИННФЛ" : "ИННЮЛ", organisation.inn);

const fio = (person: Person) =>
  el("ФИО", { Фамилия: person.family, Имя: person.name, Отчество: person.patronymic });

/** The composer's identification (ИдРекСостТип): its INN, a sole trader's or an organisation's. */
const composerXml = (inn: string) => el("ИдРекСост", {}, textEl(inn.length === 12 ? "ИННФЛ" : "ИННЮЛ", inn));

function signerXml(signer: Signer): XmlNode {
  const { attorney, simpleSignature } = signer;
  return el(
    "Подписант",
    { СтатПодп: signer.status, ИдСистХран: signer.storage, Должн: signer.position },
    fio(signer.person),
    simpleSignature &&
      el("СвПЭП", {
        ФамилияПЭП: simpleSignature.family,
        ИмяПЭП: simpleSignature.name,
        ОтчествоПЭП: simpleSignature.patronymic,
      }),
    attorney &&
      el("СвДовер", {
        ДатаДовер: attorney.date,
        НомерДовер: attorney.number,
        ИдентДовер: attorney.id,
        СведСистОтм: attorney.checkUrl,
      }),
  );
}

function vehicleXml(name: "ТС" | "Прицеп", unit: VehicleUnit): XmlNode {
  return el(
    name,
    { НомСТС: unit.registration, РегНомер: unit.plate, ТипВлад: unit.ownership },
    el("ПарТС", {
      Тип: unit.kind,
      Марка: unit.make,
      Грузопод: decimal(unit.payloadT),
      Вместим: decimal(unit.volumeM3),
    }),
    unit.contract &&
      el(
        "ОснАрЛиз",
        { НаимДок: unit.contract.name, НомерДок: unit.contract.number, ДатаДок: unit.contract.date },
        el("ИдРекСост", {}, textEl("ИННЮЛ", unit.contract.ownerInn)),
      ),
  );
}

const placeXml = (name: string, address: string | null, garCode: string | null) =>
  el(
    name,
    {},
    address !== null ? el("АдресИнф", { КодСтр: "643", АдрТекст: address }) : textEl("КодГАР", garCode ?? ""),
  );

function waybillXml(model: WaybillModel): XmlNode {
  const { cargo, shipper, consignee, carrier, driver, signer } = model;
  return el(
    "Файл",
    { ИдФайл: model.fileId, ВерсПрог: model.program, ВерсФорм: "5.01" },
    el(
      "Документ",
      {
        КНД: "1110339",
        ПоФактХЖ: "Транспортная накладная, информация грузоотправителя",
        ДатИнфГО: ruDate(model.title.dateTime),
        ВрИнфГО: clock(model.title.dateTime),
        НаимЭкСубСост: shipper.name,
      },
      composerXml(model.senderInn),
      el(
        "СодИнфГО",
        {
          УИД_ТрН: model.uid,
          СодОпер:
            "Лицом, осуществляющим погрузку груза, при указанных обстоятельствах передан водителю груз с указанными характеристиками",
          НомерТрН: model.docNumber,
          ДатаТрН: ruDate(model.docDate),
          НомЗак: model.order.number,
          ДатаЗак: model.order.date,
        },
        el("СвГО", { ГОЭксп: "0" }, el("РекИдентГО", {}, ...participant(shipper))),
        el(
          "СвГП",
          {},
          el("РекИдентГП", {}, ...participant(consignee)),
          placeXml("АдресДостГр", model.deliveryAddress, model.deliveryGarCode),
        ),
        el(
          "СвГруз",
          {},
          el(
            "ОпГруз",
            {
              НаимГруз: cargo.name,
              СостГруз: cargo.state,
              СпУпак: cargo.packing,
              ВидТар: cargo.packageCode,
              КолМестГр: cargo.places,
            },
            textEl("Марк", cargo.marking),
            el("ПлМасГруз", { МасБрутЗнач: cargo.grossKg, КолПалл: cargo.pallets }),
          ),
        ),
        el(
          "УказГО",
          { УкНормПрвз: model.instructions },
          el(
            "СвПА",
            {
              ЛицоПА: "Грузоотправитель",
              СпосПерУкПА: "Электронное уведомление перевозчика о переадресовке",
            },
            el("КонтПА", {}, textEl("Тлф", shipper.phone)),
          ),
          model.temperature &&
            el("КлимРеж", { ТемпНеНиже: model.temperature.from, ТемпНеВыше: model.temperature.to }),
        ),
        el("СвПер", {}, ...participant(carrier)),
        el(
          "СвВодит",
          { НомВУ: driver.licenceNumber, СерВУ: driver.licenceSeries, ДатаВыдВУ: driver.licenceIssued },
          textEl("Тлф", driver.phone),
          fio(driver.person),
        ),
        el(
          "СвТС",
          {},
          vehicleXml("ТС", model.vehicle),
          ...model.trailers.map((unit) => vehicleXml("Прицеп", unit)),
        ),
        el(
          "СвПогруз",
          {
            ЗаявПогр: model.loading.requested,
            НалКоорТочВрЗаяв: "1",
            ФДатВрПриб: model.loading.arrived,
            НалКоорТочВрФПогр: "1",
            ФДатВрУбыт: model.loading.departed,
            НалКоорТочВрФУбыт: "1",
            МасБрутОтгр: cargo.grossKg,
            МетОпрМасс: "01",
            КолМестПрием: cargo.places,
          },
          placeXml("ФАдресПогр", model.loadingAddress, null),
          el("СвЛицПогрГр", { СовпГОП: "1" }, el("ИдентРекГО", {}, innOf(shipper))),
          el("ВладИнфр", { СовпГОВ: "1" }, el("ИдентРекГО", {}, innOf(shipper))),
        ),
      ),
      signerXml(signer),
    ),
  );
}

const KND: Record<AcceptanceCode, string> = { [T2]: "1110340", [T3]: "1110341", [T4]: "1110342" };

function acceptanceXml(model: AcceptanceModel): XmlNode {
  const { reference, title } = model;
  const remarks = Object.fromEntries(model.remarks.map((remark) => [remark.attribute, remark.text]));
  const marks = (name: string) =>
    model.marks.map((mark) => el(name, { ДатВрОтмет: mark.at, НалКоорТочВрОтм: "1", ОбстОтмет: mark.text }));
  let document: XmlNode;
  if (model.code === T2) {
    document = el(
      "Документ",
      {
        КНД: KND[T2],
        ПоФактХЖ: "Транспортная накладная, информация перевозчика о приеме груза",
        ДатИнфПрвПрием: ruDate(title.dateTime),
        ВрИнфПрвПрием: clock(title.dateTime),
        НаимЭконСубСост: model.sender,
      },
      composerXml(model.senderInn),
      el("ИдИнфГО", {
        ИдФайлИнфГО: reference.fileId,
        ДатФайлИнфГО: reference.date,
        ВрФайлИнфГО: reference.time,
        ЭП: reference.signature,
      }),
      el(
        "СодИнфПрвПрием",
        { УИД_ТрН: model.uid, СодОпер: model.operation },
        model.remarks.length > 0 &&
          el("ЗамПрвПрием", { ...remarks, НалКоорТочВрПрб: remarks.ЗамДатВрПриб ? "1" : undefined }),
        ...marks("ОтметПрвПрием"),
      ),
      signerXml(model.signer),
    );
  } else if (model.code === T3) {
    const received = model.received;
    document = el(
      "Документ",
      {
        КНД: KND[T3],
        ПоФактХЖ: "Транспортная накладная, информация грузополучателя о приеме груза",
        ДатИнфГП: ruDate(title.dateTime),
        ВрИнфГП: clock(title.dateTime),
        НаимЭконСубСост: model.sender,
      },
      composerXml(model.senderInn),
      el("ИдИнфПрвПрием", {
        ИдФайлИнфПрвПрием: reference.fileId,
        ДатФайлПрвПрием: reference.date,
        ВрФайлПрвПрием: reference.time,
        ЭП: reference.signature,
      }),
      el(
        "СодИнфГП",
        { УИД_ТрН: model.uid, СодОпПр: model.operation },
        received &&
          el(
            "ПриемГрузГП",
            {
              ФДатВрПриб: received.arrived,
              НалКоорТочВрФПр: "1",
              ФДатВрУбыт: received.departed,
              НалКоорТочВрФУб: "1",
              ЗаявДатВрПриб: received.arrived,
              НалКоорТочВрЗПр: "1",
              МетОпрМасс: "01",
              КолМестПриемЧ: received.cargo.places,
              ОбщСвСост: received.condition,
              МасБрутЗначПрием: received.cargo.grossKg,
            },
            el("АдрВыгруз", {}, el("АдресИнф", { КодСтр: "643", АдрТекст: received.address })),
            el(
              "СвПринПоНаим",
              {
                НаимГруз: received.cargo.name,
                СостГруз: received.cargo.state,
                КолМест: received.cargo.places,
              },
              el("МасГруз", { МасБрутЗнач: received.cargo.grossKg, КолПалл: received.cargo.pallets }),
            ),
          ),
        ...marks("ОтметГП"),
      ),
      signerXml(model.signer),
    );
  } else {
    document = el(
      "Документ",
      {
        КНД: KND[T4],
        ПоФактХЖ: "Транспортная накладная, информация перевозчика о выдаче груза грузополучателю",
        ДатИнфПрвВыд: ruDate(title.dateTime),
        ВрИнфПрвВыд: clock(title.dateTime),
        НаимЭконСубСост: model.sender,
      },
      composerXml(model.senderInn),
      el("ИдИнфГП", {
        ИдФайлИнфГП: reference.fileId,
        ДатФайлИнфГП: reference.date,
        ВрФайлИнфГП: reference.time,
        ЭП: reference.signature,
      }),
      el(
        "СодПрвВыд",
        { УИД_ТрН: model.uid, СодОпер: model.operation },
        model.remarks.length > 0 &&
          el("ЗамПрвВыд", { ...remarks, НалКоорТочВрПр: remarks.ЗамДатаВрПриб ? "1" : undefined }),
        ...marks("ОтметПрвВыд"),
      ),
      signerXml(model.signer),
    );
  }
  return el("Файл", { ИдФайл: model.fileId, ВерсПрог: model.program, ВерсФорм: "5.01" }, document);
}

function otherXml(model: OtherModel): XmlNode {
  return el(
    "Файл",
    { ИдФайл: model.fileId, ВерсПрог: model.program, ВерсФорм: "1.00" },
    el("СвУчДокОбор", { ИдОтпр: model.senderId, ИдПол: model.receiverId }),
    el(
      "Документ",
      {
        НаимДок: model.heading,
        ДатаДок: ruDate(model.title.dateTime),
        ВремяДок: clock(model.title.dateTime),
      },
      el("СвДок", { НомерДок: model.docNumber, ДатаДок: ruDate(model.docDate) }),
      ...model.facts.map(([label, value]) => el("ТекстИнф", { Идентиф: label, Значение: value })),
    ),
  );
}

/** The title's XML document, to be stored in windows-1251 as its declaration says. */
export function titleXml(model: TitleModel): string {
  const root =
    model.kind === "waybill"
      ? waybillXml(model)
      : model.kind === "acceptance"
        ? acceptanceXml(model)
        : otherXml(model);
  return xmlDocument(root);
}
