// Writes app/components/map/russia-outline.json: Russia's outline from Natural Earth's 1:50m
// countries (the world-atlas package, public domain), as GeoJSON with coordinates rounded to
// 0.01° (about a kilometre), for the transport map's offline base (decision 0064). Run it again
// only when world-atlas is upgraded: `npx tsx scripts/generate-base-map.ts`.
import { writeFileSync } from "node:fs";
import { feature } from "topojson-client";
import type { Feature, MultiPolygon, Polygon } from "geojson";
import countries from "world-atlas/countries-50m.json" with { type: "json" };
import type { GeometryCollection, Topology } from "topojson-specification";

const RUSSIA = "643";
const topology = countries as unknown as Topology<{ countries: GeometryCollection }>;
const geometry = topology.objects.countries.geometries.find((g) => g.id === RUSSIA);
if (!geometry) throw new Error("world-atlas has no Russia (id 643)");
const shape = (feature(topology, geometry) as Feature<MultiPolygon | Polygon>).geometry;
const polygons = shape.type === "Polygon" ? [shape.coordinates] : shape.coordinates;
const round = (value: number) => Math.round(value * 100) / 100;
const outline: MultiPolygon = {
  type: "MultiPolygon",
  coordinates: polygons
    .map((polygon) =>
      polygon
        .map((ring) =>
          ring
            .map(([lng, lat]) => [round(lng), round(lat)])
            // Points that round onto their neighbour add nothing.
            .filter((point, i, all) => i === 0 || point[0] !== all[i - 1][0] || point[1] !== all[i - 1][1]),
        )
        .filter((ring) => ring.length >= 4),
    )
    .filter((polygon) => polygon.length > 0),
};
const target = new URL("../app/components/map/russia-outline.json", import.meta.url);
writeFileSync(target, `${JSON.stringify(outline)}\n`);
console.log(`russia-outline.json: ${outline.coordinates.length} polygons`);
