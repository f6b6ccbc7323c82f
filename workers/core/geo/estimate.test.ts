import { describe, expect, it } from "vitest";
import { AVERAGE_SPEED_KMH, ESTIMATE_NOTE, estimateRoute, greatCircleKm, ROAD_FACTOR } from "./estimate";

const MOSCOW = { lat: 55.7558, lng: 37.6173 };
const SAINT_PETERSBURG = { lat: 59.9386, lng: 30.3141 };
const KAZAN = { lat: 55.7963, lng: 49.1088 };

describe("greatCircleKm", () => {
  it("measures the straight line between two cities", () => {
    expect(greatCircleKm(MOSCOW, SAINT_PETERSBURG)).toBeCloseTo(634, 0);
    expect(greatCircleKm(MOSCOW, KAZAN)).toBeCloseTo(718, 0);
    expect(greatCircleKm(MOSCOW, MOSCOW)).toBe(0);
    expect(greatCircleKm(KAZAN, MOSCOW)).toBe(greatCircleKm(MOSCOW, KAZAN));
  });
});

describe("estimateRoute", () => {
  it("is the straight line × 1.25 at 60 km/h, rounded to a tenth", () => {
    expect([ROAD_FACTOR, AVERAGE_SPEED_KMH]).toEqual([1.25, 60]);
    const { distance, time } = estimateRoute(MOSCOW, KAZAN);
    const km = greatCircleKm(MOSCOW, KAZAN) * 1.25;
    expect(distance).toBe(Math.round(km * 10) / 10);
    expect(time).toBe(Math.round((km / 60) * 10) / 10);
    expect({ distance, time }).toEqual({ distance: 897.3, time: 15 });
  });

  it("gives the same figures every time: never a random placeholder", () => {
    const first = estimateRoute(MOSCOW, SAINT_PETERSBURG);
    for (let i = 0; i < 5; i++) expect(estimateRoute(MOSCOW, SAINT_PETERSBURG)).toEqual(first);
    expect(estimateRoute(MOSCOW, MOSCOW)).toEqual({ distance: 0, time: 0 });
  });

  it("says in Russian how it was made", () => {
    expect(ESTIMATE_NOTE).toBe("Оценка: расстояние по прямой × 1,25, средняя скорость 60 км/ч");
  });
});
