import { IonIcon } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { cardOutline } from 'ionicons/icons';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { updatePaymentMethodRequest, type Card } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { AddressFields, type AddressNames } from '../../ui/address-fields/address-fields.tsx';
import { useCardBrand } from '../../ui/card-label/card-label.tsx';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { usePaymentMethod } from './api/get-payment-method.ts';
import { useUpdatePaymentMethod } from './api/update-payment-method.ts';
import { SaveFooter } from './save-footer.tsx';
import { useSavedNotice } from './use-saved-notice.ts';
import './settings.css';

/** The card's own schema, less the card's id: the form checks what the server will. */
const cardDetails = updatePaymentMethodRequest.omit({ pm_id: true });

interface Form {
  name: string;
  address_line1: string;
  address_city: string;
  address_postal_code: string;
  address_country: string;
}
type FieldName = keyof Form;

/** Every input of the form, with its own words for a refusal. */
const MESSAGE_KEY = {
  name: 'editCard.errors.name',
  address_line1: 'editCard.errors.address_line1',
  address_city: 'editCard.errors.address_city',
  address_postal_code: 'editCard.errors.address_postal_code',
  address_country: 'editCard.errors.address_country',
} as const satisfies Record<FieldName, string>;

const isFieldName = (field: string): field is FieldName => Object.hasOwn(MESSAGE_KEY, field);

/** The card's name for each part of its billing address (Stripe's). */
const ADDRESS_NAMES: AddressNames<Form> = {
  line1: 'address_line1',
  city: 'address_city',
  postcode: 'address_postal_code',
  country: 'address_country',
};

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
  const refusalText = useRefusalText();
  const { control, formState, handleSubmit, reset, setError, watch } = useForm({
    defaultValues: formOf(card, fallback),
    resolver: wordedResolver(zodResolver(cardDetails), (path, refusal) =>
      refusalText(
        refusal.message,
        isFieldName(path) ? t(MESSAGE_KEY[path]) : (refusal.message ?? ''),
      ),
    ),
    shouldFocusError: false,
  });
  const [saved, setSaved] = useSavedNotice(watch);

  const save = handleSubmit((details) => {
    setSaved(false);
    update.mutate(
      { pm_id: card.id, ...details },
      {
        onSuccess: (updated) => {
          reset(formOf(updated, details));
          setSaved(true);
        },
        onError: (failure) =>
          placeRefusal(
            failure,
            setError,
            (field) => (isFieldName(field) ? field : null),
            (input) =>
              refusalText(
                failure instanceof Error ? failure.message : undefined,
                input ? t(MESSAGE_KEY[input]) : errorMessage(failure),
              ),
          ),
      },
    );
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
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
      <FormField
        control={control}
        name="name"
        label={t('editCard.fields.name')}
        autocomplete="cc-name"
      />
      <p className="section-label">{t('editCard.billingAddress')}</p>
      <AddressFields control={control} names={ADDRESS_NAMES} postcodeAlways />
      <SaveFooter
        error={formState.errors.root?.server?.message ?? null}
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
