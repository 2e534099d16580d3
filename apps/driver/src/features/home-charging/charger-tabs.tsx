import { IonLabel } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/ion-segment.ts';

/** The tabs of a home charger's page (001 §2), each labelled by `{labels}.{tab}`. */
export function ChargerTabs({
  tabs,
  value,
  labels,
  onChange,
}: {
  tabs: readonly string[];
  value: string;
  labels: string;
  onChange: (tab: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <IonSegment
      className="home-tabs"
      value={value}
      onIonChange={(event) => onChange(String(event.detail.value))}
    >
      {tabs.map((tab) => (
        <IonSegmentButton key={tab} value={tab}>
          <IonLabel>{t(`${labels}.${tab}`)}</IonLabel>
        </IonSegmentButton>
      ))}
    </IonSegment>
  );
}
