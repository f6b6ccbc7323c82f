import { describe, expect, it } from "vitest";
import {
  approximate,
  canvasLineWidth,
  chainCompleted,
  heatIntensity,
  heatLevel,
  mappable,
  routeColour,
  routeMappable,
  successBand,
  successRate,
} from "./geo-rules";

describe("the transport map's rules (spec 3 §4, §5, §9)", () => {
  it("completes a chain only with both a cargo-issued and a cargo-received title", () => {
    expect(chainCompleted(["ON_TRN", "ON_TRNACLGROT", "ON_TRNACLGRPO"])).toBe(true);
    expect(chainCompleted(["ON_TRNACLGROT", "ON_TRNACLPPRIN"])).toBe(false);
    expect(chainCompleted(["ON_TRNACLGRPO", "ON_TRNACLPVYN"])).toBe(false);
    expect(chainCompleted([])).toBe(false);
  });

  it("rates completed chains over all, one decimal, 0 without chains", () => {
    expect(successRate(2, 3)).toBe(66.7);
    expect(successRate(4, 5)).toBe(80);
    expect(successRate(0, 0)).toBe(0);
  });

  it("bands the success rate at 80 and 60", () => {
    expect(successBand(80)).toEqual({ tone: "green", label: "Отлично" });
    expect(successBand(79.9)).toEqual({ tone: "yellow", label: "Хорошо" });
    expect(successBand(60)).toEqual({ tone: "yellow", label: "Хорошо" });
    expect(successBand(59.9)).toEqual({ tone: "red", label: "Требует внимания" });
    expect(successBand(100).tone).toBe("green");
    expect(successBand(0).tone).toBe("red");
  });

  it("colours a route by its documents: 10 red, 5 orange, 2 blue, else green", () => {
    expect([1, 2, 4, 5, 9, 10, 50].map(routeColour)).toEqual([
      "green",
      "blue",
      "blue",
      "orange",
      "orange",
      "red",
      "red",
    ]);
  });

  it("draws canvas lines count × 2 wide, clamped to 2–10", () => {
    expect([0, 1, 2, 3, 5, 6, 100].map(canvasLineWidth)).toEqual([2, 2, 4, 6, 10, 10, 10]);
  });

  it("heats a point min(count / 10, 1) and steps at 0.2, 0.4, 0.6, 0.8", () => {
    expect([1, 5, 10, 30].map(heatIntensity)).toEqual([0.1, 0.5, 1, 1]);
    expect([0.1, 0.19, 0.2, 0.39, 0.4, 0.6, 0.79, 0.8, 1].map(heatLevel)).toEqual([
      0, 0, 1, 1, 2, 3, 3, 4, 4,
    ]);
  });

  it("skips points with lat or lng 0 or missing, and routes without all four coordinates", () => {
    expect(mappable(55.75, 37.61)).toBe(true);
    expect(mappable(0, 37.61)).toBe(false);
    expect(mappable(55.75, 0)).toBe(false);
    expect(mappable(null, 37.61)).toBe(false);
    expect(mappable(55.75, undefined)).toBe(false);
    const route = { fromLat: 55.75, fromLng: 37.61, toLat: 55.79, toLng: 49.1 };
    expect(routeMappable(route)).toBe(true);
    expect(routeMappable({ ...route, toLng: 0 })).toBe(false);
    expect(routeMappable({ ...route, fromLat: null })).toBe(false);
  });

  it("counts a point as approximate unless it stands for the house or the street", () => {
    expect(approximate("exact")).toBe(false);
    expect(approximate("street")).toBe(false);
    expect(["district", "city", "area", "region", "country", "other"].every(approximate)).toBe(true);
    expect(approximate(null)).toBe(true);
  });
});
