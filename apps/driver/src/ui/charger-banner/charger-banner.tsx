import type { ReactNode } from 'react';
import { IonIcon } from '@ionic/react';
import { flashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { ChargerView } from '@evc/contract';
import { FitText } from '../fit-text/fit-text.tsx';
import './charger-banner.css';

export interface ChargerBannerProps {
  charger?: Pick<ChargerView, 'name' | 'idTag' | 'chargePointSerialNumber'>;
  /** spec 001 §2: the name is optional and shown by default. */
  showName?: boolean;
  /** More about the charger under its identifiers (its address, for instance). */
  children?: ReactNode;
}

/**
 * spec 001 §2: the charger details banner — a charger icon and, when a charger is supplied, its
 * name, barcode (idTag.barcode) and serial number (chargePointSerialNumber), each labelled.
 */
export function ChargerBanner({ charger, showName = true, children }: ChargerBannerProps) {
  const { t } = useTranslation();
  const fields: { label: string; value: string; oneLine?: boolean }[] = charger
    ? [
        ...(showName
          ? [{ label: t('chargerBanner.name'), value: charger.name, oneLine: true }]
          : []),
        { label: t('chargerBanner.barcode'), value: charger.idTag.barcode },
        ...(charger.chargePointSerialNumber
          ? [{ label: t('chargerBanner.serial'), value: charger.chargePointSerialNumber }]
          : []),
      ]
    : [];
  return (
    <section className="charger-banner-widget" aria-label={t('chargerBanner.label')}>
      <IonIcon icon={flashOutline} className="charger-banner-widget__icon" aria-hidden="true" />
      <div className="charger-banner-widget__body">
        {fields.length > 0 && (
          <dl>
            {fields.map(({ label, value, oneLine }) => (
              <div key={label}>
                <dt>{label}</dt>
                {/* A long charger name holds on one line, drawn smaller (fit-text). */}
                <dd>{oneLine ? <FitText>{value}</FitText> : value}</dd>
              </div>
            ))}
          </dl>
        )}
        {children}
      </div>
    </section>
  );
}
