import type { ReactNode } from 'react';
import { IonIcon } from '@ionic/react';
import { flashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { ChargerView } from '@evc/contract';
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
  const fields: [string, string][] = charger
    ? [
        ...(showName ? [[t('chargerBanner.name'), charger.name] as [string, string]] : []),
        [t('chargerBanner.barcode'), charger.idTag.barcode],
        ...(charger.chargePointSerialNumber
          ? [[t('chargerBanner.serial'), charger.chargePointSerialNumber] as [string, string]]
          : []),
      ]
    : [];
  return (
    <section className="charger-banner-widget" aria-label={t('chargerBanner.label')}>
      <IonIcon icon={flashOutline} className="charger-banner-widget__icon" aria-hidden="true" />
      <div className="charger-banner-widget__body">
        {fields.length > 0 && (
          <dl>
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {children}
      </div>
    </section>
  );
}
