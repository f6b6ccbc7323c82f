import type {
  CargoAcceptanceFields,
  ParsedTitle,
  Signer,
  TransportWaybillFields,
} from "../../../workers/core/edo/title-content";

/** One card of the content viewer's structured view: a heading and what the title says under it. */
export type TitleCard = { title: string; value: unknown };

const SIMPLE_SIGNATURE = "Простая электронная подпись";

/**
 * The viewer's cards for a recognised title, in the parser's order (who composed it, name and
 * INN, right after its main data), except that the signer's simple electronic signature (ПЭП)
 * gets a card of its own right after the signer's instead of hiding inside it. A title signed
 * with a key alone shows no ПЭП card.
 */
export function titleCards(title: Exclude<ParsedTitle, { type: "unknown" }>): TitleCard[] {
  const fields: TransportWaybillFields | CargoAcceptanceFields = title.extractedFields;
  const cards: TitleCard[] = [];
  for (const [heading, value] of Object.entries(fields)) {
    if (heading !== "Подписант") {
      cards.push({ title: heading, value });
      continue;
    }
    const { [SIMPLE_SIGNATURE]: simpleSignature, ...signer } = value as Signer;
    cards.push({ title: heading, value: signer });
    if (simpleSignature) cards.push({ title: SIMPLE_SIGNATURE, value: simpleSignature });
  }
  return cards;
}
