declare module 'virtual:base-map' {
  import type { FeatureCollection, MultiLineString, MultiPolygon, Point } from 'geojson';

  /** Built by vite-base-map.ts: land, land borders and towns (name, population). */
  const data: {
    land: FeatureCollection<MultiPolygon>;
    borders: FeatureCollection<MultiLineString>;
    towns: FeatureCollection<Point, { name: string; population: number }>;
  };
  export default data;
}
