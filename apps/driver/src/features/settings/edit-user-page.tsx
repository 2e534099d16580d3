import { useState, type ComponentProps, type FormEvent } from 'react';
import { IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import type { User } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { tooLongLimitOf } from '../../lib/api/too-long-limit.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { AddressFields } from '../../ui/address-fields/address-fields.tsx';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { CarChoice } from './car-choice.tsx';
import { refusedField } from './field-errors.ts';
import { useCurrencies } from '../../lib/api/calls/get-all-currencies.ts';
import { useUpdateUser } from './api/update-user.ts';
import { SaveFooter } from './save-footer.tsx';
import './settings.css';

interface Form {
  first_name: string;
  last_name: string;
  phone_number: string;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
  country: string;
  preferredCurrency: string;
  car_type: string | null;
}

type FieldName = keyof Form;
type TextField = 'first_name' | 'last_name' | 'phone_number';

/** Fields whose refusal has a message of its own; others show the server's words. */
const FIELD_MESSAGES: ReadonlySet<FieldName> = new Set([
  'first_name',
  'last_name',
  'phone_number',
  'line1',
  'city',
  'postcode',
  'country',
  'preferredCurrency',
  'car_type',
]);

const formOf = (user: User): Form => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone_number: user.phone_number,
  line1: user.address.line1,
  line2: user.address.line2,
  city: user.address.city,
  postcode: user.address.postcode,
  country: user.address.country,
  preferredCurrency: user.preferredCurrency.code,
  car_type: user.car_type?._id ?? null,
});

function EditUserForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const currencies = useCurrencies();
  const update = useUpdateUser();
  const [form, setForm] = useState<Form>(() => formOf(user));
  const [refused, setRefused] = useState<{ field: FieldName | null; text: string } | null>(null);
  const [saved, setSaved] = useState(false);

  const set = <K extends FieldName>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setSaved(false);
    if (refused?.field === field) setRefused(null);
  };

  const fieldError = (field: FieldName) =>
    refused?.field === field ? (
      <p className="field-error" role="alert">
        {refused.text}
      </p>
    ) : null;
  const fieldClass = (field: FieldName) =>
    refused?.field === field ? 'field ion-invalid ion-touched' : 'field';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRefused(null);
    setSaved(false);
    update.mutate(
      {
        first_name: form.first_name,
        last_name: form.last_name,
        phone_number: form.phone_number,
        address: {
          line1: form.line1,
          line2: form.line2,
          city: form.city,
          postcode: form.postcode,
          country: form.country,
        },
        preferredCurrency: form.preferredCurrency,
        car_type: form.car_type,
      },
      {
        onSuccess: (updated) => {
          setForm(formOf(updated));
          setSaved(true);
        },
        onError: (failure) => {
          const named = refusedField(failure);
          const field = named && named in form ? (named as FieldName) : null;
          const limit = tooLongLimitOf(failure);
          const text =
            limit !== null
              ? t('errors.tooLong', { max: limit })
              : field && FIELD_MESSAGES.has(field)
                ? t(`editUser.errors.${field}`)
                : errorMessage(failure);
          setRefused({ field, text });
        },
      },
    );
  };

  const input = (field: TextField, extra: Partial<ComponentProps<typeof IonInput>> = {}) => (
    <div>
      <IonInput
        className={fieldClass(field)}
        name={field}
        label={t(`editUser.fields.${field}`)}
        labelPlacement="floating"
        fill="outline"
        value={form[field]}
        onIonInput={(event) => set(field, event.detail.value ?? '')}
        {...extra}
      />
      {fieldError(field)}
    </div>
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <p className="section-label">{t('editUser.sections.you')}</p>
      <div className="two-columns">
        {input('first_name', { autocomplete: 'given-name' })}
        {input('last_name', { autocomplete: 'family-name' })}
      </div>
      {input('phone_number', { type: 'tel', inputmode: 'tel', autocomplete: 'tel' })}

      <p className="section-label">{t('editUser.sections.address')}</p>
      <AddressFields
        value={form}
        onChange={set}
        errors={refused?.field ? { [refused.field]: [refused.text] } : {}}
      />

      <p className="section-label">{t('editUser.sections.currency')}</p>
      <IonSelect
        className={fieldClass('preferredCurrency')}
        name="preferredCurrency"
        label={t('editUser.fields.preferredCurrency')}
        labelPlacement="floating"
        fill="outline"
        interface="popover"
        value={form.preferredCurrency}
        onIonChange={(event) => set('preferredCurrency', String(event.detail.value ?? ''))}
      >
        {(currencies.data ?? []).map((currency) => (
          <IonSelectOption key={currency.code} value={currency.code}>
            {`${currency.name} (${currency.symbol})`}
          </IonSelectOption>
        ))}
      </IonSelect>
      {fieldError('preferredCurrency')}

      <p className="section-label" id="car-label">
        {t('editUser.sections.car')}
      </p>
      <CarChoice
        labelledBy="car-label"
        value={form.car_type}
        onChange={(carId) => set('car_type', carId)}
      />
      {fieldError('car_type')}

      <SaveFooter
        error={refused && refused.field === null ? refused.text : null}
        saved={saved}
        savedText={t('editUser.saved')}
        saveText={t('editUser.save')}
        pending={update.isPending}
      />
    </form>
  );
}

/** spec 000 §2 edit-user: the driver's name, phone, address, preferred currency and car. */
export function EditUserPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <PageView title={t('editUser.title')} subtitle={t('editUser.subtitle')}>
      {user && <EditUserForm user={user} />}
    </PageView>
  );
}
