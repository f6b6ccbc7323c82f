import { describe, expect, it } from "vitest";
import { roiIslandScript } from "./roi-island";

describe("the ROI calculator's script", () => {
  it("is one self-contained script: it runs with nothing but the page's globals", () => {
    const run = new Function("document", "HTMLFormElement", roiIslandScript("roi-form"));
    const document = { getElementById: () => null };
    expect(() => run(document, class {})).not.toThrow();
  });

  it("cannot close its own tag", () => {
    expect(roiIslandScript("roi-form")).not.toMatch(/<\/script/i);
  });
});
