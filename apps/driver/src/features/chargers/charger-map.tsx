import { useEffect, useRef, useState } from 'react';
import { IonSpinner } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import Map, {
  AttributionControl,
  Layer,
  Marker,
  NavigationControl,
  Source,
  type MapLayerMouseEvent,
  type MapRef,
} from 'react-map-gl/maplibre';
import { setWorkerUrl, type ExpressionSpecification, type StyleSpecification } from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { connectorStatusClass, type GeoPoint } from '@evc/domain';
import { useBrand } from '../../lib/brand.ts';
import { liveRowState, type ChargerDirectory, type LiveOverlay } from './charger-directory.ts';
import { ChargerMapCard } from './charger-map-card.tsx';
import { chargerSummary, markerLabel } from './charger-summary.ts';
import { loadBaseMapStyle } from './base-map-style.ts';
import { useClusterWorker, type Bounds } from './use-cluster-worker.ts';
import { useFormatLocale } from '../../lib/dates.ts';
import { powerText } from '../../lib/power-text.ts';
import { useChargerPrices } from './api/charger-prices.ts';
import { useListedPriceText } from './price-now.tsx';

// MapLibre finds its worker beside its own module, which a bundle moves; point it at the copy.
setWorkerUrl(maplibreWorkerUrl);

/**
 * Drawn only if even the built-in base map's data cannot load (its chunk not cached, no signal):
 * a plain background, on which the clusters and chargers still show.
 */
const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e9eef0' } }],
};

/**
 * The brand's own style (its tile server) when it has one and it loads; otherwise the built-in
 * base map, which needs no network (ADR 0041).
 */
function useMapStyle(brandStyleUrl: string | undefined) {
  const [useBrandStyle, setUseBrandStyle] = useState(brandStyleUrl !== undefined);
  const [builtIn, setBuiltIn] = useState<StyleSpecification | null>(null);
  useEffect(() => {
    if (useBrandStyle || builtIn) return;
    let live = true;
    loadBaseMapStyle().then(
      (style) => live && setBuiltIn(style),
      () => live && setBuiltIn(PLAIN_STYLE),
    );
    return () => {
      live = false;
    };
  }, [useBrandStyle, builtIn]);
  const style = useBrandStyle && brandStyleUrl ? brandStyleUrl : builtIn;
  return { style, brandStyleFailed: () => setUseBrandStyle(false), usesBrandStyle: useBrandStyle };
}

const UK_VIEW = { longitude: -2.6, latitude: 54.2, zoom: 5 };
const CHARGER_LAYER = 'chargers';
const CLASS_COLOURS: ExpressionSpecification = [
  'match',
  ['get', 'statusClass'],
  'available',
  '#1e8e3e',
  'charging',
  '#1a73e8',
  'suspended',
  '#f29900',
  'faulted',
  '#d93025',
  'offline',
  '#5f6368',
  '#9aa0a6',
];

export interface ChargerMapProps {
  directory: ChargerDirectory;
  positions: ArrayLike<number>;
  overlay: LiveOverlay;
  /** A place to centre on (the searched place or the device). */
  focus: GeoPoint | null;
  /** The device's position, marked on the map when known. */
  device: GeoPoint | null;
  /** A charger to select (a barcode search). */
  selected: number | null;
  onOpen: (barcode: string) => void;
}

/** A charger's marker class: available if any connector is, else its first connector's class. */
function markerClass(directory: ChargerDirectory, position: number, overlay: LiveOverlay): string {
  const state = liveRowState(directory, position, overlay);
  const classes = state.connectors
    .filter(([number]) => number !== 0)
    .map(([, , status]) => connectorStatusClass(status, state.online));
  return classes.includes('available') ? 'available' : (classes[0] ?? 'unknown');
}

/** spec 000 §2: the chargers on a MapLibre map, clustered off the main thread. */
export default function ChargerMap({
  directory,
  positions,
  overlay,
  focus,
  device,
  selected,
  onOpen,
}: ChargerMapProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const { brand } = useBrand();
  const map = useRef<MapRef>(null);
  const mapStyle = useMapStyle(brand.mapStyleUrl);
  const [picked, setPicked] = useState<number | null>(selected);
  // A new barcode search selects its charger (state adjusted while rendering, not in an effect).
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    setPicked(selected);
  }
  const { clusters, show } = useClusterWorker(directory, positions, overlay);

  const showView = () => {
    const current = map.current;
    if (!current) return;
    const bounds = current.getBounds();
    const box: Bounds = [
      Math.max(-180, bounds.getWest()),
      Math.max(-90, bounds.getSouth()),
      Math.min(180, bounds.getEast()),
      Math.min(90, bounds.getNorth()),
    ];
    show(box, current.getZoom());
  };

  // The map appears once its style is known, so these also run again when it has loaded.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (focus) map.current?.flyTo({ center: [focus.lon, focus.lat], zoom: 11 });
  }, [focus, loaded]);

  // A narrowed search (a name, a filter) brings its chargers into view; the full list stays put.
  useEffect(() => {
    if (positions.length === 0 || positions.length >= directory.count) return;
    let west = 180;
    let south = 90;
    let east = -180;
    let north = -90;
    for (let at = 0; at < positions.length; at += 1) {
      const position = positions[at] ?? 0;
      const lon = directory.lon[position] ?? Number.NaN;
      const lat = directory.lat[position] ?? Number.NaN;
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
      west = Math.min(west, lon);
      east = Math.max(east, lon);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
    if (west > east) return;
    map.current?.fitBounds(
      [
        [west, south],
        [east, north],
      ],
      { padding: 48, maxZoom: 15, duration: 600 },
    );
  }, [positions, directory, loaded]);

  useEffect(() => {
    if (selected === null) return;
    const lon = directory.lon[selected];
    const lat = directory.lat[selected];
    if (lon !== undefined && lat !== undefined && Number.isFinite(lon) && Number.isFinite(lat)) {
      map.current?.flyTo({ center: [lon, lat], zoom: 15 });
    }
  }, [selected, directory, loaded]);

  // The prices of the chargers in view, asked for together as they come into view.
  const shownBarcodes = clusters.flatMap((entry) =>
    entry.kind === 'charger' ? [directory.barcode[entry.position] ?? ''] : [],
  );
  const prices = useChargerPrices(shownBarcodes);
  const priceText = useListedPriceText();

  const labelOf = (position: number) => {
    const summary = chargerSummary(liveRowState(directory, position, overlay));
    const price = prices.get(directory.barcode[position] ?? '');
    return markerLabel(summary, {
      power: summary.fastestKw === null ? null : powerText(summary.fastestKw * 1000, locale),
      price: price ? priceText(price, true) : null,
    });
  };

  // Only the chargers in view, so rebuilt on every render (live statuses change their colour).
  const chargerPoints = {
    type: 'FeatureCollection' as const,
    features: clusters.flatMap((entry) =>
      entry.kind === 'charger'
        ? [
            {
              type: 'Feature' as const,
              properties: {
                position: entry.position,
                statusClass: markerClass(directory, entry.position, overlay),
                label: labelOf(entry.position),
              },
              geometry: { type: 'Point' as const, coordinates: [entry.lon, entry.lat] },
            },
          ]
        : [],
    ),
  };

  const onClick = (event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const position: unknown = feature?.properties.position;
    setPicked(typeof position === 'number' ? position : null);
  };

  const barcode = picked === null ? null : (directory.barcode[picked] ?? null);

  if (mapStyle.style === null) {
    return (
      <div className="finder-status">
        <IonSpinner name="crescent" color="primary" />
      </div>
    );
  }

  return (
    <div className="finder-map" data-testid="charger-map">
      <Map
        ref={map}
        initialViewState={focus ? { longitude: focus.lon, latitude: focus.lat, zoom: 11 } : UK_VIEW}
        mapStyle={mapStyle.style}
        style={{ position: 'absolute', inset: 0 }}
        interactiveLayerIds={[CHARGER_LAYER]}
        onLoad={() => {
          setLoaded(true);
          showView();
        }}
        onMoveEnd={showView}
        onClick={onClick}
        onError={() => {
          // The brand's style could not load (no connection): carry on with the built-in one.
          if (mapStyle.usesBrandStyle && !map.current?.getMap().isStyleLoaded()) {
            mapStyle.brandStyleFailed();
          }
        }}
        attributionControl={false}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {/* At the top, clear of the charger's sheet at the bottom. */}
        <AttributionControl position="top-left" compact />
        <Source id="chargers" type="geojson" data={chargerPoints}>
          <Layer
            id={CHARGER_LAYER}
            type="circle"
            paint={{
              'circle-radius': 8,
              'circle-color': CLASS_COLOURS,
              'circle-stroke-width': 2,
              'circle-stroke-color': '#ffffff',
            }}
          />
          <Layer
            id={`${CHARGER_LAYER}-labels`}
            type="symbol"
            layout={{
              'text-field': ['get', 'label'],
              'text-font': ['sans-serif'],
              'text-size': 12,
              'text-anchor': 'top',
              'text-offset': [0, 0.9],
            }}
            paint={{
              'text-color': '#202124',
              'text-halo-color': '#ffffff',
              'text-halo-width': 1.5,
            }}
          />
        </Source>
        {device && (
          <Marker longitude={device.lon} latitude={device.lat}>
            <span className="finder-map__device" role="img" aria-label={t('chargers.finder.you')} />
          </Marker>
        )}
        {clusters.map((entry) =>
          entry.kind === 'cluster' ? (
            <Marker
              key={`cluster-${entry.id}`}
              longitude={entry.lon}
              latitude={entry.lat}
              onClick={(event) => {
                event.originalEvent.stopPropagation();
                map.current?.easeTo({
                  center: [entry.lon, entry.lat],
                  zoom: Math.min(entry.expansionZoom, 18),
                });
              }}
            >
              <button
                type="button"
                className="finder-map__cluster"
                aria-label={t('chargers.finder.clusterAvailable', {
                  number: entry.count,
                  available: entry.available,
                })}
                style={{ width: clusterSize(entry.count), height: clusterSize(entry.count) }}
              >
                {compactCount(entry.count, locale)}
                <span
                  className={
                    entry.available > 0
                      ? 'finder-map__cluster-free'
                      : 'finder-map__cluster-free finder-map__cluster-free--none'
                  }
                  aria-hidden="true"
                >
                  {compactCount(entry.available, locale)}
                </span>
              </button>
            </Marker>
          ) : null,
        )}
      </Map>
      {picked !== null && barcode !== null && (
        <ChargerMapCard
          directory={directory}
          position={picked}
          barcode={barcode}
          overlay={overlay}
          onOpen={onOpen}
          onClose={() => setPicked(null)}
        />
      )}
    </div>
  );
}

/** Issue 19: never under a finger's 44 px, larger for more chargers. */
function clusterSize(count: number): number {
  return Math.max(44, Math.round(28 + Math.min(28, Math.log10(count) * 10)));
}

function compactCount(count: number, locale: string): string {
  return new Intl.NumberFormat(locale, { notation: 'compact' }).format(count);
}
