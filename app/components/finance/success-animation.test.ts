import { describe, expect, it } from "vitest";
import { animationFrameAt, PHASE_STARTS } from "./success-animation";

describe("the success animation's clock", () => {
  it("grows the bar 2 % every 40 ms and reaches success at 100 % after 2 s", () => {
    expect(animationFrameAt(0, false)).toEqual({ phase: "processing", progress: 0 });
    expect(animationFrameAt(39, false)).toEqual({ phase: "processing", progress: 0 });
    expect(animationFrameAt(40, false)).toEqual({ phase: "processing", progress: 2 });
    expect(animationFrameAt(1_000, false)).toEqual({ phase: "processing", progress: 50 });
    expect(animationFrameAt(1_999, false)).toEqual({ phase: "processing", progress: 98 });
    expect(animationFrameAt(2_000, false)).toEqual({ phase: "success", progress: 100 });
  });

  it("celebrates 2 s after success for 3 s, completes, and closes 2 s later", () => {
    expect(PHASE_STARTS).toEqual({ success: 2_000, celebration: 4_000, complete: 7_000, closed: 9_000 });
    expect(animationFrameAt(3_999, false).phase).toBe("success");
    expect(animationFrameAt(4_000, false).phase).toBe("celebration");
    expect(animationFrameAt(6_999, false).phase).toBe("celebration");
    expect(animationFrameAt(7_000, false).phase).toBe("complete");
    expect(animationFrameAt(8_999, false).phase).toBe("complete");
    expect(animationFrameAt(9_000, false).phase).toBe("closed");
  });

  it("with reduced motion shows the final state at once, without the bar or the celebration", () => {
    expect(animationFrameAt(0, true)).toEqual({ phase: "complete", progress: 100 });
    expect(animationFrameAt(1_999, true)).toEqual({ phase: "complete", progress: 100 });
    expect(animationFrameAt(2_000, true)).toEqual({ phase: "closed", progress: 100 });
    for (let t = 0; t < 2_000; t += 40) expect(animationFrameAt(t, true).phase).not.toBe("celebration");
  });
});
