import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  IonButton,
  IonChip,
  IonContent,
  IonIcon,
  IonLabel,
  IonPage,
  IonSpinner,
} from '@ionic/react';
import { locateOutline } from 'ionicons/icons';
import { IonSearchbar } from '../../ui/ionic/ion-searchbar.ts';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/ion-segment.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CONNECTOR_TYPES, type ChargerLiveEvent } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useFlowPath } from '../../lib/guest-paths.ts';
import { useChargerLive } from '../../lib/live/charger-live.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import { useNearMe } from '../../lib/platform/geolocation.ts';
import { listChargersQuery, useChargerList } from './api/list-chargers.ts';
import { chargerDirectory, connectorTypeBit, type LiveOverlay } from './charger-directory.ts';
import { ChargerList } from './charger-list.tsx';
import { useChargerSearch } from './use-charger-search.ts';
import './chargers.css';
import './find-charger.css';

const ChargerMap = lazy(() => import('./charger-map.tsx'));

/** While the live stream is down the list is re-read this often (the polling fallback). */
export const LIST_POLL_MS = 60_000;
/** Pushed statuses are applied to the screen at most this often. */
const OVERLAY_FLUSH_MS = 250;

type FinderView = 'list' | 'map';

interface ReceivedEvent {
  event: ChargerLiveEvent;
  receivedAt: number;
}

/**
 * Live statuses by barcode, gathered as they arrive and shown in batches. Those received before
 * the list was last read are dropped: the list already holds them.
 */
function useLiveOverlay(enabled: boolean, listReadAt: number) {
  const pending = useRef(new Map<string, ReceivedEvent>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [received, setReceived] = useState<ReadonlyMap<string, ReceivedEvent>>(new Map());
  const onEvent = useCallback((event: ChargerLiveEvent) => {
    pending.current.set(event.barcode, { event, receivedAt: Date.now() });
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      const batch = [...pending.current];
      pending.current.clear();
      setReceived((previous) => new Map([...previous, ...batch]));
    }, OVERLAY_FLUSH_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const state = useChargerLive(undefined, onEvent, enabled);
  const overlay = useMemo((): LiveOverlay => {
    const current = new Map<string, ChargerLiveEvent>();
    for (const [barcode, entry] of received) {
      if (entry.receivedAt >= listReadAt) current.set(barcode, entry.event);
    }
    return current;
  }, [received, listReadAt]);
  return { overlay, state };
}

/** spec 000 §2: findcharger — the chargers in a list or on a map, searched and filtered. */
export function FindChargerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [view, setView] = useState<FinderView>('list');
  const [query, setQuery] = useState('');
  const [typeMask, setTypeMask] = useState(0);
  const showFilters = useFeatureVisible('CHARGER_FILTERS');
  const nearMe = useNearMe();
  const device = nearMe.position;

  const loaded = queryClient.getQueryData(listChargersQuery.queryKey) !== undefined;
  const listReadAt = queryClient.getQueryState(listChargersQuery.queryKey)?.dataUpdatedAt ?? 0;
  const live = useLiveOverlay(loaded, listReadAt);
  const list = useChargerList(live.state === 'live' ? false : LIST_POLL_MS);
  const directory = useMemo(
    () => (list.data ? chargerDirectory(list.data) : undefined),
    [list.data],
  );

  const search = useChargerSearch(directory, query, device, showFilters ? typeMask : 0);
  const { flowPath } = useFlowPath();
  const openCharger = useCallback(
    (barcode: string) => navigate(flowPath(`/charger-details/${barcode}`)),
    [navigate, flowPath],
  );

  const toggleType = (bit: number) => setTypeMask((mask) => mask ^ bit);
  // Near me: every charger, nearest the device first, each row with its distance.
  const showNearMe = () => {
    setQuery('');
    void nearMe.locate();
  };

  let body;
  if (!directory) {
    body = list.error ? (
      <p className="form-error" role="alert">
        {errorMessage(list.error)}
      </p>
    ) : (
      <div className="finder-status">
        <IonSpinner name="crescent" color="primary" />
      </div>
    );
  } else if (search.locating) {
    body = (
      <div className="finder-status" role="status">
        <IonSpinner name="crescent" color="primary" />
        <span>{t('chargers.finder.locating')}</span>
      </div>
    );
  } else if (search.positions.length === 0) {
    body = (
      <p className="finder-status" role="status">
        {t('chargers.finder.noneFound')}
      </p>
    );
  } else if (view === 'list') {
    body = (
      <ChargerList
        directory={directory}
        positions={search.positions}
        overlay={live.overlay}
        origin={search.origin}
        onOpen={openCharger}
      />
    );
  } else {
    body = (
      <Suspense
        fallback={
          <div className="finder-status">
            <IonSpinner name="crescent" color="primary" />
          </div>
        }
      >
        <ChargerMap
          directory={directory}
          positions={search.positions}
          overlay={live.overlay}
          focus={search.origin}
          device={device}
          selected={search.barcodeHit}
          onOpen={openCharger}
        />
      </Suspense>
    );
  }

  return (
    <IonPage>
      <IonContent scrollY={false}>
        <div className="finder">
          <h1 className="finder__title">{t('chargers.finder.title')}</h1>
          <IonSearchbar
            className="finder__search"
            value={query}
            placeholder={t('chargers.finder.searchPlaceholder')}
            aria-label={t('chargers.finder.search')}
            onIonInput={(event) => setQuery(event.detail.value ?? '')}
          />
          <div className="finder__near">
            <IonButton fill="outline" disabled={nearMe.state === 'locating'} onClick={showNearMe}>
              <IonIcon slot="start" icon={locateOutline} aria-hidden="true" />
              {t('chargers.finder.nearMe')}
            </IonButton>
            {nearMe.state === 'locating' && (
              <span role="status">{t('chargers.finder.findingYou')}</span>
            )}
            {nearMe.state === 'unavailable' && (
              <span role="alert">{t('chargers.finder.locationUnavailable')}</span>
            )}
          </div>
          {showFilters && (
            <div className="finder__filters" role="group" aria-label={t('chargers.finder.filters')}>
              {CONNECTOR_TYPES.map((type) => {
                const bit = connectorTypeBit(type);
                const on = (typeMask & bit) !== 0;
                return (
                  <IonChip
                    key={type}
                    outline={!on}
                    color={on ? 'primary' : 'medium'}
                    role="button"
                    aria-pressed={on}
                    onClick={() => toggleType(bit)}
                  >
                    <IonLabel>{type}</IonLabel>
                  </IonChip>
                );
              })}
            </div>
          )}
          <IonSegment
            className="finder__views"
            value={view}
            onIonChange={(event) => setView(event.detail.value === 'map' ? 'map' : 'list')}
          >
            <IonSegmentButton value="list">
              <IonLabel>{t('chargers.finder.listView')}</IonLabel>
            </IonSegmentButton>
            <IonSegmentButton value="map">
              <IonLabel>{t('chargers.finder.mapView')}</IonLabel>
            </IonSegmentButton>
          </IonSegment>
          <div className="finder__body">{body}</div>
        </div>
      </IonContent>
    </IonPage>
  );
}
