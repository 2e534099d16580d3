import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { distanceMetres, distanceUnitOf, type GeoPoint } from '@evc/domain';
import { liveRowState, type ChargerDirectory, type LiveOverlay } from './charger-directory.ts';
import { ChargerConnectors } from './charger-connectors.tsx';
import { chargerSummary } from './charger-summary.ts';
import { distanceText } from './distance-text.ts';
import { ListedPrice, useListedPriceText } from './price-now.tsx';
import { useVirtualRows } from './use-virtual-rows.ts';
import { useBrand } from '../../lib/brand.ts';
import { useFormatLocale } from '../../lib/dates.ts';
import { powerText } from '../../lib/power-text.ts';

const ROW_ESTIMATE_PX = 112;
const estimateRowSize = () => ROW_ESTIMATE_PX;

export interface ChargerListProps {
  directory: ChargerDirectory;
  positions: ArrayLike<number>;
  overlay: LiveOverlay;
  origin: GeoPoint | null;
  onOpen: (barcode: string) => void;
}

/** The chargers found, virtualised so that 100,000 rows scroll as smoothly as ten. */
export function ChargerList({ directory, positions, overlay, origin, onOpen }: ChargerListProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const unit = distanceUnitOf(useBrand().brand.defaultCountry);
  const priceText = useListedPriceText();
  const scroller = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scroller.current, []);
  const rows = useVirtualRows({
    count: positions.length,
    getScrollElement,
    estimateSize: estimateRowSize,
    overscan: 6,
  });

  return (
    <div ref={scroller} className="finder-list" role="list" aria-label={t('chargers.finder.list')}>
      <div className="finder-list__space" style={{ height: rows.totalSize }}>
        {rows.items.map((item) => {
          // Rows measured for a longer list a moment ago have no charger now: none is shown twice.
          const position = positions[item.index];
          if (position === undefined) return null;
          const barcode = directory.barcode[position] ?? '';
          const lat = directory.lat[position] ?? Number.NaN;
          const lon = directory.lon[position] ?? Number.NaN;
          const state = liveRowState(directory, position, overlay);
          const summary = chargerSummary(state);
          const metres =
            origin && Number.isFinite(lat) && Number.isFinite(lon)
              ? distanceMetres(origin, { lat, lon })
              : null;
          return (
            <div
              key={barcode}
              role="listitem"
              className="finder-row"
              data-index={item.index}
              ref={rows.measureElement}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <button type="button" className="finder-row__open" onClick={() => onOpen(barcode)}>
                <span className="finder-row__head">
                  <strong className="finder-row__name">{directory.name[position]}</strong>
                  {metres !== null && (
                    <span className="finder-row__distance">
                      {distanceText(metres, unit, locale)}
                    </span>
                  )}
                </span>
                <span className="finder-row__address">
                  {[
                    directory.address[position],
                    directory.city[position],
                    directory.postCode[position],
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </span>
                <span className="finder-row__facts">
                  {summary.fastestKw !== null && (
                    <strong className="finder-row__power">
                      {powerText(summary.fastestKw * 1000, locale)}
                    </strong>
                  )}
                  {!directory.free[position] && <ListedPrice barcode={barcode} text={priceText} />}
                  <span
                    className={
                      summary.freeConnectors > 0
                        ? 'finder-row__available'
                        : 'finder-row__available finder-row__available--none'
                    }
                  >
                    {t('chargers.finder.availableConnectors', {
                      free: summary.freeConnectors,
                      total: summary.connectors,
                    })}
                  </span>
                  {directory.free[position] && (
                    <span className="finder-row__free">{t('chargers.finder.free')}</span>
                  )}
                </span>
                <span className="finder-row__barcode">
                  {t('chargers.details.barcode')}: {barcode}
                </span>
                <ChargerConnectors barcode={barcode} state={state} />
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
