import { IonIcon } from '@ionic/react';
import { addCircleOutline, carSportOutline, cardOutline, walletOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { User } from '@evc/contract';
import { useFeatureVisible } from '../../lib/permissions.ts';

interface HomeAction {
  path: string;
  icon: string;
  label: string;
  /** A second line: what is set now. */
  detail?: string;
  /** Adds something new (a plus on the icon), rather than changing what is there. */
  adds: boolean;
}

/**
 * spec 000 §2 home: add vehicle (the car choice on edit-user), top up (only with CREDIT) and add
 * payment method, as large tiles a thumb can hit.
 */
export function HomeActions({ user }: { user: User }) {
  const { t } = useTranslation();
  const creditVisible = useFeatureVisible('CREDIT');
  const car = user.car_type;
  const actions: HomeAction[] = [
    {
      // The car choice's heading on edit-user (spec 000 §2: anchors scroll 64 px below the top).
      path: '/edit-user#car-label',
      icon: carSportOutline,
      label: car ? t('home.actions.changeVehicle') : t('home.actions.addVehicle'),
      adds: !car,
      ...(car ? { detail: `${car.make} ${car.model}` } : {}),
    },
    ...(creditVisible
      ? [
          {
            path: '/topup-select-card',
            icon: walletOutline,
            label: t('home.actions.topUp'),
            adds: true,
          },
        ]
      : []),
    {
      path: '/add-payment-method',
      icon: cardOutline,
      label: t('home.actions.addPayment'),
      adds: true,
    },
  ];
  return (
    <nav className="home-actions" aria-label={t('home.actions.title')}>
      {actions.map((action) => (
        <Link key={action.path} to={action.path} className="home-action">
          <span className="home-action__icon" aria-hidden="true">
            <IonIcon icon={action.icon} />
            {action.adds && <IonIcon className="home-action__plus" icon={addCircleOutline} />}
          </span>
          <span className="home-action__label">{action.label}</span>
          {action.detail && <span className="home-action__detail">{action.detail}</span>}
        </Link>
      ))}
    </nav>
  );
}
