import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { amountInWords, amountInWordsCapitalised } from "./amount-in-words";

/** What each numeral word adds, or the scale it multiplies what came before it by (a reader's parse). */
const VALUES: Record<string, number> = {
  ноль: 0,
  один: 1,
  одна: 1,
  два: 2,
  две: 2,
  три: 3,
  четыре: 4,
  пять: 5,
  шесть: 6,
  семь: 7,
  восемь: 8,
  девять: 9,
  десять: 10,
  одиннадцать: 11,
  двенадцать: 12,
  тринадцать: 13,
  четырнадцать: 14,
  пятнадцать: 15,
  шестнадцать: 16,
  семнадцать: 17,
  восемнадцать: 18,
  девятнадцать: 19,
  двадцать: 20,
  тридцать: 30,
  сорок: 40,
  пятьдесят: 50,
  шестьдесят: 60,
  семьдесят: 70,
  восемьдесят: 80,
  девяносто: 90,
  сто: 100,
  двести: 200,
  триста: 300,
  четыреста: 400,
  пятьсот: 500,
  шестьсот: 600,
  семьсот: 700,
  восемьсот: 800,
  девятьсот: 900,
};
const SCALE_NOUNS: [RegExp, number][] = [
  [/^тысяч[аи]?$/, 1e3],
  [/^миллион(а|ов)?$/, 1e6],
  [/^миллиард(а|ов)?$/, 1e9],
  [/^триллион(а|ов)?$/, 1e12],
];

/** Reads «… рублей NN копеек» back into kopecks, as a person would. */
function readBack(text: string): number {
  const match = /^(.+) (рубль|рубля|рублей) (\d\d) (копейка|копейки|копеек)$/.exec(text);
  if (!match) throw new Error(`not an amount in words: ${text}`);
  let total = 0;
  let group = 0;
  for (const word of match[1].split(" ")) {
    const scale = SCALE_NOUNS.find(([noun]) => noun.test(word));
    if (scale) {
      total += group * scale[1];
      group = 0;
    } else if (word in VALUES) group += VALUES[word];
    else throw new Error(`unknown word «${word}» in ${text}`);
  }
  return (total + group) * 100 + Number(match[3]);
}

/** The noun form Russian grammar asks after `n`: 1, 21 → one; 2–4, 22–24 → few; 0, 5–20, 11–14 → many. */
function formAfter(n: number): 0 | 1 | 2 {
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return 2;
  if (last === 1) return 0;
  if (last >= 2 && last <= 4) return 1;
  return 2;
}

describe("amountInWords", () => {
  it.each([
    [85_000_00, "восемьдесят пять тысяч рублей 00 копеек"],
    [0, "ноль рублей 00 копеек"],
    [1, "ноль рублей 01 копейка"],
    [1_00, "один рубль 00 копеек"],
    [2_03, "два рубля 03 копейки"],
    [5_05, "пять рублей 05 копеек"],
    [11_11, "одиннадцать рублей 11 копеек"],
    [14_14, "четырнадцать рублей 14 копеек"],
    [21_21, "двадцать один рубль 21 копейка"],
    [111_12, "сто одиннадцать рублей 12 копеек"],
    [1_000_00, "одна тысяча рублей 00 копеек"],
    [2_000_00, "две тысячи рублей 00 копеек"],
    [4_000_00, "четыре тысячи рублей 00 копеек"],
    [5_000_00, "пять тысяч рублей 00 копеек"],
    [11_000_00, "одиннадцать тысяч рублей 00 копеек"],
    [21_001_00, "двадцать одна тысяча один рубль 00 копеек"],
    [122_000_00, "сто двадцать две тысячи рублей 00 копеек"],
    [1_700_00, "одна тысяча семьсот рублей 00 копеек"],
    [83_300_00, "восемьдесят три тысячи триста рублей 00 копеек"],
    [1_000_000_00, "один миллион рублей 00 копеек"],
    [2_000_001_00, "два миллиона один рубль 00 копеек"],
    [5_000_000_00, "пять миллионов рублей 00 копеек"],
    [1_000_000_000_00, "один миллиард рублей 00 копеек"],
    [
      12_345_678_901_23,
      "двенадцать миллиардов триста сорок пять миллионов шестьсот семьдесят восемь тысяч девятьсот один рубль 23 копейки",
    ],
    [1_000_000_000_000, "десять миллиардов рублей 00 копеек"],
  ])("%i kopecks → «%s»", (kopecks, words) => {
    expect(amountInWords(kopecks)).toBe(words);
  });

  it("starts a line with a capital", () => {
    expect(amountInWordsCapitalised(85_000_00)).toBe("Восемьдесят пять тысяч рублей 00 копеек");
  });

  it("refuses what is not a whole number of kopecks from 0 up", () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => amountInWords(bad)).toThrow(RangeError);
  });

  const kopecks = fc.oneof(
    fc.integer({ min: 0, max: 1_000_000_000_000 }),
    // Around the grammar's turning points: 1, 2–4, 5–20, 11–14 in each group.
    fc
      .tuple(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(0, 1, 2, 4, 5, 11, 12, 14, 20, 21, 22, 111))
      .map(([high, low]) => (high * 1000 + low) * 100 + (low % 100)),
  );

  test.prop([kopecks], { numRuns: 2_000 })("reads back as the same amount", (n) => {
    expect(readBack(amountInWords(n))).toBe(n);
  });

  test.prop([kopecks], { numRuns: 2_000 })(
    "puts «рубль/рубля/рублей» and «копейка/копейки/копеек» in the form their number asks",
    (n) => {
      const words = amountInWords(n);
      const rubles = Math.floor(n / 100);
      expect(words).toContain(` ${["рубль", "рубля", "рублей"][formAfter(rubles)]} `);
      expect(words.endsWith(` ${["копейка", "копейки", "копеек"][formAfter(n % 100)]}`)).toBe(true);
    },
  );

  test.prop([kopecks], { numRuns: 2_000 })(
    "counts thousands in the feminine («одна тысяча», «две тысячи») and millions, billions in the masculine",
    (n) => {
      const words = amountInWords(n).split(" ");
      const rubles = Math.floor(n / 100);
      const groups = [1e3, 1e6, 1e9].map((scale) => Math.floor(rubles / scale) % 1000);
      const nouns = [
        ["тысяча", "тысячи", "тысяч"],
        ["миллион", "миллиона", "миллионов"],
        ["миллиард", "миллиарда", "миллиардов"],
      ];
      groups.forEach((group, i) => {
        const at = words.findIndex((word) => nouns[i].includes(word));
        if (group === 0) {
          expect(at).toBe(-1);
          return;
        }
        expect(words[at]).toBe(nouns[i][formAfter(group)]);
        const before = words[at - 1];
        if (group % 100 < 10 || group % 100 > 20) {
          const unit = group % 10;
          if (unit === 1) expect(before).toBe(i === 0 ? "одна" : "один");
          if (unit === 2) expect(before).toBe(i === 0 ? "две" : "два");
        }
      });
    },
  );
});
