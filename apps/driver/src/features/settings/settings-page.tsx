import { IonIcon, IonItem, IonLabel, IonList, IonListHeader, IonNote } from '@ionic/react';
import {
  businessOutline,
  cardOutline,
  carSportOutline,
  cashOutline,
  createOutline,
  documentTextOutline,
  helpBuoyOutline,
  helpCircleOutline,
  keyOutline,
  languageOutline,
  lockClosedOutline,
  mailOutline,
  peopleOutline,
  shieldCheckmarkOutline,
  trashOutline,
  walletOutline,
} from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { User } from '@evc/contract';
import { distanceUnitOf, estimatedRangeMiles, formatMoney, perKwhIn } from '@evc/domain';
import { useBrand } from '../../lib/brand.ts';
import { useUserBalance } from '../../lib/api/calls/get-user-balance.ts';
import { useLatestSession } from '../../lib/api/calls/latest-user-transaction.ts';
import { useFeatureVisible } from '../../lib/permissions.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import './settings.css';
import { useFormatLocale } from '../../lib/dates.ts';

interface SettingsLink {
  path: string;
  labelKey: string;
  icon: string;
}

const ACCOUNT_LINKS: readonly SettingsLink[] = [
  { path: '/edit-user', labelKey: 'settings.links.editUser', icon: createOutline },
  { path: '/change-password', labelKey: 'settings.links.changePassword', icon: keyOutline },
  { path: '/manage-payments', labelKey: 'settings.links.payments', icon: cardOutline },
  { path: '/manage-affiliates', labelKey: 'settings.links.affiliates', icon: peopleOutline },
  { path: '/email-preferences', labelKey: 'settings.links.contact', icon: mailOutline },
  { path: '/manage-rfid-cards', labelKey: 'settings.links.rfid', icon: businessOutline },
];

const APP_LINKS: readonly SettingsLink[] = [
  { path: '/language', labelKey: 'settings.links.language', icon: languageOutline },
  { path: '/mfa', labelKey: 'settings.links.mfa', icon: shieldCheckmarkOutline },
  { path: '/terms-conditions', labelKey: 'settings.links.terms', icon: documentTextOutline },
  { path: '/privacy', labelKey: 'settings.links.privacy', icon: lockClosedOutline },
  { path: '/faq', labelKey: 'settings.links.faq', icon: helpCircleOutline },
  { path: '/support', labelKey: 'settings.links.support', icon: helpBuoyOutline },
  { path: '/delete-account', labelKey: 'settings.links.deleteAccount', icon: trashOutline },
];

/**
 * spec 000 §2, §8, §9: the credit balance (minus the stored value), '...Loading' while fetching;
 * a failed fetch is not shown (the entry still leads to the balance page).
 */
function CreditItem({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const balance = useUserBalance(userId);
  let text: string | null = null;
  if (balance.data) text = formatMoney(-balance.data.balance || 0, balance.data.currency, locale);
  else if (balance.isPending) text = t('common.loading');
  return (
    <IonItem routerLink="/balance" detail>
      <IonIcon slot="start" icon={walletOutline} aria-hidden="true" color="primary" />
      <IonLabel>{t('settings.credit.label')}</IonLabel>
      {text !== null && (
        <IonNote slot="end" className="settings-value">
          {text}
        </IonNote>
      )}
    </IonItem>
  );
}

/** The driver's car, its miles per kWh and the range their latest charge gave it. */
function CarItem({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const car = user.car_type;
  const latest = useLatestSession();
  // Issue 19: miles where the brand's country drives in miles, else km.
  const unit = distanceUnitOf(useBrand().brand.defaultCountry);
  const words = unit === 'mi' ? 'settings.car' : 'settings.car.km';
  const number = (value: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
  if (!car) {
    return (
      <IonItem routerLink="/edit-user" detail>
        <IonIcon slot="start" icon={carSportOutline} aria-hidden="true" color="primary" />
        <IonLabel>
          <h3>{t('settings.car.label')}</h3>
          <p>{t('settings.car.none')}</p>
        </IonLabel>
      </IonItem>
    );
  }
  const perKwh = perKwhIn(car.milesPerKwh, unit);
  // The same rule in either unit: the distance per kWh times the last charge's kWh, rounded down.
  const range = estimatedRangeMiles(perKwh, latest.data?.kWh);
  let rangeText = t('common.loading');
  if (!latest.isPending) {
    rangeText =
      range === null
        ? t('settings.car.noRange')
        : t(`${words}.range`, { miles: number(range), kwh: number(latest.data?.kWh ?? 0) });
  }
  return (
    <IonItem routerLink="/edit-user" detail className="settings-car">
      <img slot="start" className="settings-car__image" src={car.image} alt="" />
      <IonLabel>
        <h3>{`${car.make} ${car.model}`}</h3>
        <p>{t(`${words}.efficiency`, { value: number(perKwh) })}</p>
        <p className="settings-car__range">{rangeText}</p>
      </IonLabel>
    </IonItem>
  );
}

/** spec 000 §2: settings — the driver's credit, car, currency and every account page. */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const creditVisible = useFeatureVisible('CREDIT');
  if (!user) return null;
  const links = (entries: readonly SettingsLink[]) =>
    entries.map((entry) => (
      <IonItem key={entry.path} routerLink={entry.path} detail>
        <IonIcon slot="start" icon={entry.icon} aria-hidden="true" color="primary" />
        <IonLabel>{t(entry.labelKey)}</IonLabel>
      </IonItem>
    ));
  return (
    <PageView title={t('settings.title')} subtitle={t('settings.subtitle')}>
      <IonList inset className="settings-list">
        {creditVisible && <CreditItem userId={user._id} />}
        <CarItem user={user} />
        <IonItem routerLink="/edit-user" detail>
          <IonIcon slot="start" icon={cashOutline} aria-hidden="true" color="primary" />
          <IonLabel>{t('settings.currency')}</IonLabel>
          <IonNote slot="end" className="settings-value">
            {`${user.preferredCurrency.code} (${user.preferredCurrency.symbol})`}
          </IonNote>
        </IonItem>
      </IonList>
      <IonList inset className="settings-list">
        <IonListHeader>
          <IonLabel>{t('settings.sections.account')}</IonLabel>
        </IonListHeader>
        {links(ACCOUNT_LINKS)}
      </IonList>
      <IonList inset className="settings-list">
        <IonListHeader>
          <IonLabel>{t('settings.sections.app')}</IonLabel>
        </IonListHeader>
        {links(APP_LINKS)}
      </IonList>
    </PageView>
  );
}
