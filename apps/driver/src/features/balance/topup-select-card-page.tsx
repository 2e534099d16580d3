import { useState } from 'react';
import { IonButton, IonItem, IonList, IonRadio, IonRadioGroup } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import {
  DEFAULT_DECIMAL_DIGITS,
  DEFAULT_TOPUP_MINOR,
  minorToMajor,
  TOPUP_QUICK_AMOUNTS,
  type MoneyCurrency,
} from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useCards } from '../../lib/api/calls/list-cards.ts';
import { CardLabel } from '../../ui/card-label/card-label.tsx';
import { topUpCards } from './top-up-cards.ts';
import { driverCurrency, topUpLimits, topUpMinor } from './topup-amount.ts';
import './balance.css';
import { useFormatLocale } from '../../lib/dates.ts';

/** The typed amount as minor units of the driver's currency, within the top-up limits. */
const topUpForm = (currency: MoneyCurrency, locale: string) =>
  z.object({
    amount: z.string().transform((typed, context) => {
      const minor = topUpMinor(typed, currency, locale);
      if (minor !== null) return minor;
      context.addIssue({ code: 'custom', message: 'outside the top-up limits' });
      return z.NEVER;
    }),
  });

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
  const { control, clearErrors, handleSubmit, setValue } = useForm({
    defaultValues: { amount: String(minorToMajor(DEFAULT_TOPUP_MINOR, digits)) },
    resolver: wordedResolver(zodResolver(topUpForm(currency, locale)), () =>
      t('topup.amountLimits', topUpLimits(currency, locale)),
    ),
    shouldFocusError: false,
  });
  const amount = useWatch({ control, name: 'amount' });
  const [chosenCard, setChosenCard] = useState<string | null>(null);
  const cards = useCards(topUpCards);
  const cardId = chosenCard ?? cards.data?.[0]?.id ?? null;
  const quickFormat = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: currency.code.toUpperCase(),
    maximumFractionDigits: 0,
  });

  const submit = handleSubmit(({ amount: minor }) => {
    if (!cardId) return;
    const search = new URLSearchParams({ amount: String(minor), card: cardId });
    navigate(`/topup-confirm-card?${search.toString()}`);
  });

  const pick = (quick: number) => {
    setValue('amount', String(quick));
    clearErrors('amount');
  };

  return (
    <PageView title={t('topup.selectTitle')} subtitle={t('topup.selectSubtitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 className="topup-section-title" id="topup-amount-title">
          {t('topup.amount')}
        </h2>
        <div className="topup-quick-amounts" role="group" aria-labelledby="topup-amount-title">
          {TOPUP_QUICK_AMOUNTS.map((quick) => (
            <IonButton
              key={quick}
              fill={amount === String(quick) ? 'solid' : 'outline'}
              aria-pressed={amount === String(quick)}
              onClick={() => pick(quick)}
            >
              {quickFormat.format(quick)}
            </IonButton>
          ))}
        </div>
        <FormField
          control={control}
          name="amount"
          inputmode="decimal"
          label={t('topup.otherAmount', { currency: currency.code.toUpperCase() })}
          helperText={t('topup.amountHelp', topUpLimits(currency, locale))}
        />

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
