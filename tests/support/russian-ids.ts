import { legalEntityInn } from "../../workers/core/validation/russian-ids";

/** A random legal entity's INN with a valid check digit: registered companies' INNs are unique. */
export function randomInn(): string {
  const nine = [
    1 + Math.floor(Math.random() * 9),
    ...Array.from({ length: 8 }, () => Math.floor(Math.random() * 10)),
  ];
  return legalEntityInn(nine.join(""));
}
