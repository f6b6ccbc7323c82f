import { describe, expect, it } from "vitest";
import type { EdoTitle } from "../../../db/schema";
import { chainFileStem, titleToView, viewingOrder } from "./content";

let serial = 0;
const title = (type: string, contentSize = 1024): EdoTitle => ({
  id: `t-${++serial}`,
  type,
  dateTime: "2025-03-14T09:12:00+03:00",
  contentSize,
});

describe("the content viewer's priority (spec 2 §5)", () => {
  it("orders a chain as ON_TRNACLPPRIN, ON_TRNACLGROT, ON_TRNAPERAK, GIS complete, GIS load, then the rest in chain order", () => {
    const chain = [
      title("ON_TRNACLGROT"),
      title("ON_TRNAPERAK_QRCODE"),
      title("ON_TRNACLPPRIN"),
      title("ON_TRNAPERAK_GIS_LOAD"),
      title("ON_TRNACLGRPO"),
      title("ON_TRNAPERAK"),
      title("ON_TRNACLPVYN"),
      title("ON_TRNAPERAK_GIS_COMPLETE"),
    ];
    expect(viewingOrder(chain).map((t) => t.type)).toEqual([
      "ON_TRNACLPPRIN",
      "ON_TRNACLGROT",
      "ON_TRNAPERAK",
      "ON_TRNAPERAK_GIS_COMPLETE",
      "ON_TRNAPERAK_GIS_LOAD",
      "ON_TRNAPERAK_QRCODE",
      "ON_TRNACLGRPO",
      "ON_TRNACLPVYN",
    ]);
    // The chain itself is left as it was.
    expect(chain[0].type).toBe("ON_TRNACLGROT");
  });

  it("opens the first title with content, skipping empty ones", () => {
    const t2 = title("ON_TRNACLPPRIN", 0);
    const t1 = title("ON_TRNACLGROT", 0);
    const t3 = title("ON_TRNACLGRPO", 2048);
    expect(titleToView([t1, t2, t3])).toBe(t3);
    expect(titleToView([t1, title("ON_TRNACLPPRIN", 512)])?.type).toBe("ON_TRNACLPPRIN");
  });

  it("falls back to the first in priority when no title has content, and to nothing for an empty chain", () => {
    const t1 = title("ON_TRNACLGROT", 0);
    const t2 = title("ON_TRNACLPPRIN", 0);
    expect(titleToView([t1, t2])).toBe(t2);
    expect(titleToView([])).toBeUndefined();
  });
});

describe("chain archive names", () => {
  it("are the document number, with characters file systems refuse replaced", () => {
    const doc = { id: "abc", info: { doc: { num: "ЭТрН/2025: 000123" } } } as Parameters<
      typeof chainFileStem
    >[0];
    expect(chainFileStem(doc)).toBe("ЭТрН_2025_000123");
  });
});
