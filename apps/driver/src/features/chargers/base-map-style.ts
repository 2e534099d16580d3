import type { StyleSpecification } from 'maplibre-gl';
import type baseMap from 'virtual:base-map';

export type BaseMapData = typeof baseMap;

/** The colours of the built-in base map; the browser test looks for the sea and the land. */
export const BASE_MAP_COLOURS = {
  sea: '#aad3df',
  land: '#f2efe9',
  coast: '#8fb8c6',
  border: '#9e8fa6',
  town: '#4a4a4a',
  townHalo: '#ffffff',
} as const;

/** Between these zooms the coarse coastline fades out (see the sea layer). */
const FADE_FROM_ZOOM = 10;
const FADE_TO_ZOOM = 12;

/**
 * The built-in base map: land, coastlines, borders and towns drawn from data shipped with the
 * app. It has no `glyphs` URL, so MapLibre draws town names with the device's own fonts: nothing
 * is fetched from another origin and the map reads offline.
 */
export function baseMapStyle(data: BaseMapData): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: data.land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: data.borders },
      towns: { type: 'geojson', data: data.towns, attribution: 'GeoNames (CC BY 4.0)' },
    },
    layers: [
      {
        id: 'sea',
        type: 'background',
        // Past the data's detail (a 1 km coastline) the sea fades to the land's colour, so a
        // charger on the shore is not drawn at sea; the chargers carry the map there.
        paint: {
          'background-color': [
            'interpolate',
            ['linear'],
            ['zoom'],
            FADE_FROM_ZOOM,
            BASE_MAP_COLOURS.sea,
            FADE_TO_ZOOM,
            BASE_MAP_COLOURS.land,
          ],
        },
      },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': BASE_MAP_COLOURS.land } },
      {
        id: 'coast',
        type: 'line',
        source: 'land',
        paint: {
          'line-color': BASE_MAP_COLOURS.coast,
          'line-width': 1,
          'line-opacity': ['interpolate', ['linear'], ['zoom'], FADE_FROM_ZOOM, 1, FADE_TO_ZOOM, 0],
        },
      },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: {
          'line-color': BASE_MAP_COLOURS.border,
          'line-width': 1,
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'towns',
        type: 'circle',
        source: 'towns',
        // Bigger towns first: at a low zoom only cities, more towns as the driver zooms in.
        filter: ['>=', ['get', 'population'], ['step', ['zoom'], 1_000_000, 5, 100_000, 7, 0]],
        paint: {
          'circle-radius': 2.5,
          'circle-color': BASE_MAP_COLOURS.town,
          'circle-stroke-color': BASE_MAP_COLOURS.townHalo,
          'circle-stroke-width': 1,
        },
      },
      {
        id: 'town-names',
        type: 'symbol',
        source: 'towns',
        filter: ['>=', ['get', 'population'], ['step', ['zoom'], 1_000_000, 5, 100_000, 7, 0]],
        layout: {
          'text-field': ['get', 'name'],
          'text-font': ['sans-serif'],
          'text-size': [
            'interpolate',
            ['linear'],
            ['get', 'population'],
            20_000,
            11,
            1_000_000,
            14,
          ],
          'text-anchor': 'top',
          'text-offset': [0, 0.4],
          'text-max-width': 8,
          'symbol-sort-key': ['-', ['get', 'population']],
        },
        paint: {
          'text-color': BASE_MAP_COLOURS.town,
          'text-halo-color': BASE_MAP_COLOURS.townHalo,
          'text-halo-width': 1.5,
        },
      },
    ],
  };
}

/** Loads the base map's data (a chunk of its own, fetched from our origin with the map). */
export async function loadBaseMapStyle(): Promise<StyleSpecification> {
  const { default: data } = await import('virtual:base-map');
  return baseMapStyle(data);
}
