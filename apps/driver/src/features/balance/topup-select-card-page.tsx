import { useState, type FormEvent } from 'react';
import { IonButton, IonInput, IonItem, IonList, IonRadio, IonRadioGroup } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  DEFAULT_DECIMAL_DIGITS,
  DEFAULT_TOPUP_MINOR,
  minorToMajor,
  TOPUP_QUICK_AMOUNTS,
} from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useCards } from '../../lib/api/calls/list-cards.ts';
import { CardLabel } from '../../ui/card-label/card-label.tsx';
import { topUpCards } from './top-up-cards.ts';
import { driverCurrency, topUpLimits, topUpMinor } from './topup-amount.ts';
import './balance.css';
import { useFormatLocale } from '../../lib/dates.ts';

/**
 * spec 000 §2, §9: the amount (quick amounts 5, 10, 25, 50 or a free amount, 30.00 to start
 * with) and the saved card that pays for it.
 */
export function TopUpSelectCardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const currency = driverCurrency(user);
  const locale = useFormatLocale();
  const digits = currency.decimal_digits ?? DEFAULT_DECIMAL_DIGITS;
  const [amount, setAmount] = useState(String(minorToMajor(DEFAULT_TOPUP_MINOR, digits)));
  const [amountError, setAmountError] = useState<string | null>(null);
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const cards = useCards(topUpCards);
  const cardId = chosenCard ?? cards.data?.[0]?.id ?? null;
  const quickFormat = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code.toUpperCase(),
    maximumFractionDigits: 0,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const minor = topUpMinor(amount, currency, locale);
    if (minor === null) {
      setAmountError(t('topup.amountLimits', topUpLimits(currency, locale)));
      return;
    }
    if (!cardId) return;
    const search = new URLSearchParams({ amount: String(minor), card: cardId });
    navigate(`/topup-confirm-card?${search.toString()}`);
  };

  const pick = (value: string) => {
    setAmount(value);
    setAmountError(null);
  };

  return (
    <PageView title={t('topup.selectTitle')} subtitle={t('topup.selectSubtitle')}>
      <form onSubmit={onSubmit} noValidate>
        <h2 className="topup-section-title" id="topup-amount-title">
          {t('topup.amount')}
        </h2>
        <div className="topup-quick-amounts" role="group" aria-labelledby="topup-amount-title">
          {TOPUP_QUICK_AMOUNTS.map((quick) => (
            <IonButton
              key={quick}
              fill={amount === String(quick) ? 'solid' : 'outline'}
              aria-pressed={amount === String(quick)}
              onClick={() => pick(String(quick))}
            >
              {quickFormat.format(quick)}
            </IonButton>
          ))}
        </div>
        <IonInput
          className="field"
          name="amount"
          inputmode="decimal"
          label={t('topup.otherAmount', { currency: currency.code.toUpperCase() })}
          labelPlacement="floating"
          fill="outline"
          value={amount}
          helperText={t('topup.amountHelp', topUpLimits(currency, locale))}
          onIonInput={(event) => pick(event.detail.value ?? '')}
        />
        <FormError message={amountError} />

        <h2 className="topup-section-title">{t('topup.card')}</h2>
        {cards.isPending && <p className="topup-empty">{t('common.loading')}</p>}
        <FormError message={cards.isError ? errorMessage(cards.error) : null} />
        {cards.data?.length === 0 && <p className="topup-empty">{t('topup.noCards')}</p>}
        {cards.data && cards.data.length > 0 && (
          <IonList className="topup-cards" inset={false}>
            <IonRadioGroup
              value={cardId}
              onIonChange={(event) => setChosenCard(String(event.detail.value))}
            >
              {cards.data.map((card) => (
                <IonItem key={card.id}>
                  <IonRadio value={card.id} justify="space-between">
                    <CardLabel card={card} showDefault />
                  </IonRadio>
                </IonItem>
              ))}
            </IonRadioGroup>
          </IonList>
        )}
        <IonButton fill="clear" routerLink="/add-payment-method">
          {t('topup.addCard')}
        </IonButton>
        <IonButton className="primary-action" expand="block" type="submit" disabled={!cardId}>
          {t('topup.continue')}
        </IonButton>
      </form>
    </PageView>
  );
}
