import { IonButton } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useFormatLocale } from '../../lib/dates.ts';
import { powerText } from '../../lib/power-text.ts';
import { openDirections } from '../../lib/platform/directions.ts';
import { liveRowState, type ChargerDirectory, type LiveOverlay } from './charger-directory.ts';
import { ChargerConnectors } from './charger-connectors.tsx';
import { chargerSummary } from './charger-summary.ts';
import { ListedPrice, useListedPriceText } from './price-now.tsx';

export interface ChargerMapCardProps {
  directory: ChargerDirectory;
  position: number;
  barcode: string;
  overlay: LiveOverlay;
  onOpen: (barcode: string) => void;
  onClose: () => void;
}

/** The sheet of the charger picked on the map: its power, availability, price now, directions. */
export function ChargerMapCard({
  directory,
  position,
  barcode,
  overlay,
  onOpen,
  onClose,
}: ChargerMapCardProps) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  // The list does not carry prices: the marker's price, asked for with the others on screen.
  const priceText = useListedPriceText();
  const name = directory.name[position] ?? '';
  const state = liveRowState(directory, position, overlay);
  const summary = chargerSummary(state);
  const lat = directory.lat[position] ?? Number.NaN;
  const lon = directory.lon[position] ?? Number.NaN;
  return (
    <section className="finder-map__card" aria-label={name}>
      <h2>{name}</h2>
      <p className="finder-row__address">
        {[directory.address[position], directory.city[position], directory.postCode[position]]
          .filter(Boolean)
          .join(', ')}
      </p>
      <p className="finder-row__facts">
        {summary.fastestKw !== null && (
          <strong className="finder-row__power">
            {powerText(summary.fastestKw * 1000, locale)}
          </strong>
        )}
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
        <ListedPrice barcode={barcode} text={priceText} />
      </p>
      <ChargerConnectors barcode={barcode} state={state} />
      <div className="finder-map__actions">
        <IonButton size="small" onClick={() => onOpen(barcode)}>
          {t('chargers.finder.openDetails')}
        </IonButton>
        {Number.isFinite(lat) && Number.isFinite(lon) && (
          <IonButton size="small" fill="outline" onClick={() => openDirections({ lat, lon }, name)}>
            {t('chargers.finder.directions')}
          </IonButton>
        )}
        <IonButton size="small" fill="clear" onClick={onClose}>
          {t('chargers.finder.closeCard')}
        </IonButton>
      </div>
    </section>
  );
}
