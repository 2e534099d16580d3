import { useState, type FormEvent } from 'react';
import { IonIcon, IonInput } from '@ionic/react';
import { cardOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Card } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { tooLongLimitOf } from '../../lib/api/too-long-limit.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { AddressFields, type AddressPart } from '../../ui/address-fields/address-fields.tsx';
import { useCardBrand } from '../../ui/card-label/card-label.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { usePaymentMethod } from './api/get-payment-method.ts';
import { useUpdatePaymentMethod } from './api/update-payment-method.ts';
import { refusedField } from './field-errors.ts';
import { SaveFooter } from './save-footer.tsx';
import './settings.css';

interface Form {
  name: string;
  address_line1: string;
  address_city: string;
  address_postal_code: string;
  address_country: string;
}
type FieldName = keyof Form;

/** The card's name for each part of its billing address (Stripe's). */
const CARD_FIELD = {
  line1: 'address_line1',
  city: 'address_city',
  postcode: 'address_postal_code',
  country: 'address_country',
} as const satisfies Partial<Record<AddressPart, FieldName>>;
const PART_OF_FIELD = Object.fromEntries(
  Object.entries(CARD_FIELD).map(([part, field]) => [field, part]),
) as Partial<Record<FieldName, AddressPart>>;

/** A card with no billing details yet starts from the driver's own name and address. */
function formOf(card: Card, fallback: Form): Form {
  return {
    name: card.name ?? fallback.name,
    address_line1: card.address_line1 ?? fallback.address_line1,
    address_city: card.address_city ?? fallback.address_city,
    address_postal_code: card.address_postal_code ?? fallback.address_postal_code,
    address_country: card.address_country ?? fallback.address_country,
  };
}

function EditCardForm({ card, fallback }: { card: Card; fallback: Form }) {
  const { t } = useTranslation();
  const brand = useCardBrand();
  const errorMessage = useErrorMessage();
  const update = useUpdatePaymentMethod();
  const [form, setForm] = useState<Form>(() => formOf(card, fallback));
  const [refused, setRefused] = useState<{ field: FieldName | null; text: string } | null>(null);
  const [saved, setSaved] = useState(false);

  const set = (field: FieldName, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setSaved(false);
    if (refused?.field === field) setRefused(null);
  };
  const refusedPart = refused?.field ? PART_OF_FIELD[refused.field] : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    setSaved(false);
    update.mutate(
      { pm_id: card.id, ...form },
      {
        onSuccess: (updated) => {
          setForm(formOf(updated, form));
          setSaved(true);
        },
        onError: (failure) => {
          const named = refusedField(failure);
          const field = named && named in form ? (named as FieldName) : null;
          const limit = tooLongLimitOf(failure);
          setRefused({
            field,
            text:
              limit !== null
                ? t('errors.tooLong', { max: limit })
                : field
                  ? t(`editCard.errors.${field}`)
                  : errorMessage(failure),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="saved-card">
        <IonIcon icon={cardOutline} aria-hidden="true" />
        <span>{brand(card)}</span>
        <span>{t('editCard.ending', { last4: card.last4 })}</span>
        <span className="saved-card__expiry">
          {t('editCard.expires', {
            month: String(card.exp_month).padStart(2, '0'),
            year: card.exp_year,
          })}
        </span>
      </div>
      <div>
        <IonInput
          className={refused?.field === 'name' ? 'field ion-invalid ion-touched' : 'field'}
          name="name"
          label={t('editCard.fields.name')}
          labelPlacement="floating"
          fill="outline"
          autocomplete="cc-name"
          value={form.name}
          onIonInput={(event) => set('name', event.detail.value ?? '')}
        />
        {refused?.field === 'name' && (
          <p className="field-error" role="alert">
            {refused.text}
          </p>
        )}
      </div>
      <p className="section-label">{t('editCard.billingAddress')}</p>
      <AddressFields
        value={{
          line1: form.address_line1,
          city: form.address_city,
          postcode: form.address_postal_code,
          country: form.address_country,
        }}
        names={CARD_FIELD}
        onChange={(part, value) => {
          if (part !== 'line2') set(CARD_FIELD[part], value);
        }}
        errors={refusedPart ? { [refusedPart]: [refused?.text ?? ''] } : {}}
      />
      <SaveFooter
        error={refused && refused.field === null ? refused.text : null}
        saved={saved}
        savedText={t('editCard.saved')}
        saveText={t('editCard.save')}
        pending={update.isPending}
      />
    </form>
  );
}

/** spec 000 §2 edit-card (`/edit-card?id=<card id>`): a saved card's name and billing address. */
export function EditCardPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [search] = useSearchParams();
  const { user } = useSession();
  const cardId = search.get('id') ?? '';
  const card = usePaymentMethod(cardId);
  const fallback: Form = {
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
    address_line1: user?.address.line1 ?? '',
    address_city: user?.address.city ?? '',
    address_postal_code: user?.address.postcode ?? '',
    address_country: user?.address.country ?? '',
  };
  let body;
  if (cardId === '') body = <FormError message={t('editCard.noCard')} />;
  else if (card.isError) body = <FormError message={errorMessage(card.error)} />;
  else if (!card.data) body = <p className="form-note">{t('common.loading')}</p>;
  else body = <EditCardForm key={card.data.id} card={card.data} fallback={fallback} />;
  return (
    <PageView title={t('editCard.title')} subtitle={t('editCard.subtitle')}>
      {body}
    </PageView>
  );
}
