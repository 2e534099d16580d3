import { IonButton, IonIcon, IonSpinner, useIonAlert } from '@ionic/react';
import { addOutline, createOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import type { Card } from '@evc/contract';
import { useCards } from '../../lib/api/calls/list-cards.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { CardLabel, useCardBrand } from '../../ui/card-label/card-label.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useDeleteCard } from '../../lib/api/calls/delete-stripe-source.ts';
import { useSelectDefaultCard } from './api/select-default-stripe-source.ts';
import './payments.css';

/** spec 000 §2: the driver's cards — make one the default, delete one after confirming. */
export function ManagePaymentsPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const brand = useCardBrand();
  const [presentAlert] = useIonAlert();
  const cards = useCards();
  const deleteCard = useDeleteCard();
  const selectDefault = useSelectDefaultCard();
  const failure = deleteCard.error ?? selectDefault.error;

  const confirmDelete = (card: Card) =>
    presentAlert({
      header: t('payments.manage.deleteTitle'),
      message: t('payments.manage.deleteMessage', { brand: brand(card), last4: card.last4 }),
      buttons: [
        { text: t('common.cancel'), role: 'cancel' },
        {
          text: t('payments.manage.delete'),
          role: 'destructive',
          handler: () => deleteCard.mutate(card.id),
        },
      ],
    });

  return (
    <PageView title={t('payments.manage.title')}>
      <FormError message={failure ? errorMessage(failure) : null} />
      {cards.isPending ? (
        <IonSpinner name="crescent" color="primary" />
      ) : cards.error ? (
        <FormError message={errorMessage(cards.error)} />
      ) : cards.data.length === 0 ? (
        <p className="form-note">{t('payments.manage.none')}</p>
      ) : (
        <ul className="card-list">
          {cards.data.map((card) => (
            <li key={card.id} className="card-row" data-card={card.id}>
              <CardLabel card={card} />
              <div className="card-row__actions">
                {card.default ? (
                  <span className="card-default">{t('payments.manage.default')}</span>
                ) : (
                  <IonButton
                    className="card-row__make-default"
                    size="small"
                    fill="outline"
                    disabled={selectDefault.isPending}
                    onClick={() => selectDefault.mutate(card.id)}
                  >
                    {t('payments.manage.makeDefault')}
                  </IonButton>
                )}
                <IonButton
                  size="small"
                  fill="clear"
                  aria-label={t('payments.manage.editCard', {
                    brand: brand(card),
                    last4: card.last4,
                  })}
                  routerLink={`/edit-card?id=${encodeURIComponent(card.id)}`}
                >
                  <IonIcon slot="icon-only" icon={createOutline} />
                </IonButton>
                <IonButton
                  size="small"
                  fill="clear"
                  color="danger"
                  aria-label={t('payments.manage.deleteCard', {
                    brand: brand(card),
                    last4: card.last4,
                  })}
                  disabled={deleteCard.isPending}
                  onClick={() => void confirmDelete(card)}
                >
                  <IonIcon slot="icon-only" icon={trashOutline} />
                </IonButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <IonButton className="primary-action" expand="block" routerLink="/add-payment-method">
        <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
        {t('payments.manage.add')}
      </IonButton>
    </PageView>
  );
}
