import { describe, expect, it } from "vitest";
import { passwordStrength } from "./password-strength";

describe("password strength", () => {
  it.each([
    ["", 0, "Слабый"],
    ["abc", 1, "Слабый"],
    ["abcdefgh", 2, "Средний"],
    ["Abcdefgh", 3, "Средний"],
    ["Abcdefg1", 4, "Сильный"],
    ["Abcdef1!", 5, "Сильный"],
    ["Пароль2025", 4, "Сильный"],
    ["1!", 2, "Средний"],
  ])("scores %j as %i of 5 (%s)", (password, score, label) => {
    expect(passwordStrength(password)).toMatchObject({ score, label });
  });

  it("names which criteria are met", () => {
    expect(passwordStrength("a1").met).toEqual({
      length: false,
      lower: true,
      upper: false,
      digit: true,
      special: false,
    });
  });
});
