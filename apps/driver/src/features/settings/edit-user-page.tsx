import { useEffect, useRef, useState } from 'react';
import { IonSelectOption } from '../../ui/ionic/ion-select.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useController, useForm, type FieldPathByValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { updateUserRequest, type User } from '@evc/contract';
import { availableBalanceMinor, formatMoney } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { AddressFields, type AddressNames } from '../../ui/address-fields/address-fields.tsx';
import { FieldMessage } from '../../ui/form-field/field-message.tsx';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { SelectField } from '../../ui/form-field/select-field.tsx';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { PageView } from '../../ui/page-view/page-view.tsx';
import { useCurrencies } from '../../lib/api/calls/get-all-currencies.ts';
import { currencyName } from '../../lib/currency-name.ts';
import { useUserBalance } from '../../lib/api/calls/get-user-balance.ts';
import { useFormatLocale } from '../../lib/dates.ts';
import { useUpdateUser } from './api/update-user.ts';
import { CarChoice } from './car-choice.tsx';
import { SaveFooter } from './save-footer.tsx';
import { useSavedNotice } from './use-saved-notice.ts';
import './settings.css';

/** The contract's own rules for what this page changes. */
const userDetails = updateUserRequest.shape.fields
  .pick({
    first_name: true,
    last_name: true,
    phone_number: true,
    address: true,
    preferredCurrency: true,
    car_type: true,
  })
  .required();

type Form = z.input<typeof userDetails>;
type Input = FieldPathByValue<Form, string | null | undefined>;

/** Every input of the form, and its own words for a refusal (the second line has none). */
const MESSAGE_KEY = {
  first_name: 'editUser.errors.first_name',
  last_name: 'editUser.errors.last_name',
  phone_number: 'editUser.errors.phone_number',
  'address.line1': 'editUser.errors.line1',
  'address.line2': null,
  'address.city': 'editUser.errors.city',
  'address.postcode': 'editUser.errors.postcode',
  'address.country': 'editUser.errors.country',
  preferredCurrency: 'editUser.errors.preferredCurrency',
  car_type: 'editUser.errors.car_type',
} as const satisfies Record<Input, string | null>;

const isInput = (path: string): path is Input => Object.hasOwn(MESSAGE_KEY, path);

const hasOwnCode = (failure: unknown) =>
  failure instanceof ApiError && failure.code !== 'VALIDATION';

/** The server names a refused input by its path in the request, `fields.address.city`. */
const inputOf = (field: string): Input | null => {
  const path = field.replace(/^fields\./, '');
  return isInput(path) ? path : null;
};

const ADDRESS_NAMES: AddressNames<Form> = {
  line1: 'address.line1',
  line2: 'address.line2',
  city: 'address.city',
  postcode: 'address.postcode',
  country: 'address.country',
};

const formOf = (user: User): Form => ({
  first_name: user.first_name,
  last_name: user.last_name,
  phone_number: user.phone_number,
  address: {
    line1: user.address.line1,
    line2: user.address.line2,
    city: user.address.city,
    postcode: user.address.postcode,
    country: user.address.country,
  },
  preferredCurrency: user.preferredCurrency.code,
  car_type: user.car_type?._id ?? null,
});

/**
 * Issue 19: while money is on the balance the currency stays as it is; said before the driver
 * tries, in the balance's own currency.
 */
function CurrencyKeptNote({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const balance = useUserBalance(userId);
  if (!balance.data || balance.data.balance === 0) return null;
  return (
    <p className="form-note">
      {t('editUser.currencyKept', {
        balance: formatMoney(
          availableBalanceMinor(balance.data.balance),
          balance.data.currency,
          locale,
        ),
        currency: balance.data.currency.code,
      })}
    </p>
  );
}

function EditUserForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const locale = useFormatLocale();
  const errorMessage = useErrorMessage();
  const refusalText = useRefusalText();
  const currencies = useCurrencies();
  const update = useUpdateUser();
  const ownWords = (input: Input) => {
    const key = MESSAGE_KEY[input];
    return key === null ? null : t(key);
  };
  const { control, formState, handleSubmit, reset, setError, setValue, watch } = useForm({
    defaultValues: formOf(user),
    resolver: wordedResolver(zodResolver(userDetails), (path, refusal) =>
      refusalText(
        refusal.message,
        (isInput(path) ? ownWords(path) : null) ?? refusal.message ?? '',
      ),
    ),
    shouldFocusError: false,
  });
  const car = useController({ control, name: 'car_type' });
  const [saved, setSaved] = useSavedNotice(watch);
  // A refusal beside an input far up the form is brought into view on a phone (issue 19: the
  // currency kept for the credit held is said under the currency, above the Save button).
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector('.ion-invalid')?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const save = handleSubmit((fields) => {
    setSaved(false);
    update.mutate(fields, {
      onSuccess: (updated) => {
        reset(formOf(updated));
        setSaved(true);
      },
      onError: (failure) => {
        placeRefusal(failure, setError, inputOf, (input) =>
          refusalText(
            failure instanceof Error ? failure.message : undefined,
            // A refusal with its own code (a currency kept for the credit held, issue 19) says
            // why in its own words; a bad input reads the input's.
            (input && !hasOwnCode(failure) ? ownWords(input) : null) ?? errorMessage(failure),
          ),
        );
        // Issue 19: a refused currency change keeps the currency the balance is in; the field
        // shows that one again, with the refusal under it until the driver edits.
        if (failure instanceof ApiError && failure.code === 'CURRENCY_CHANGE_WITH_BALANCE') {
          setValue('preferredCurrency', user.preferredCurrency.code);
        }
        setRefusals((count) => count + 1);
      },
    });
  });

  return (
    <form ref={formRef} onSubmit={(event) => void save(event)} noValidate>
      <p className="section-label">{t('editUser.sections.you')}</p>
      <div className="two-columns">
        <FormField
          control={control}
          name="first_name"
          label={t('editUser.fields.first_name')}
          autocomplete="given-name"
        />
        <FormField
          control={control}
          name="last_name"
          label={t('editUser.fields.last_name')}
          autocomplete="family-name"
        />
      </div>
      <FormField
        control={control}
        name="phone_number"
        label={t('editUser.fields.phone_number')}
        type="tel"
        inputmode="tel"
        autocomplete="tel"
      />

      <p className="section-label">{t('editUser.sections.address')}</p>
      <AddressFields control={control} names={ADDRESS_NAMES} />

      <p className="section-label">{t('editUser.sections.currency')}</p>
      <SelectField
        control={control}
        name="preferredCurrency"
        label={t('editUser.fields.preferredCurrency')}
      >
        {(currencies.data ?? []).map((currency) => (
          <IonSelectOption key={currency.code} value={currency.code}>
            {`${currencyName(currency.code, locale)} (${currency.symbol})`}
          </IonSelectOption>
        ))}
      </SelectField>
      <CurrencyKeptNote userId={user._id} />

      <p className="section-label" id="car-label">
        {t('editUser.sections.car')}
      </p>
      <CarChoice labelledBy="car-label" value={car.field.value} onChange={car.field.onChange} />
      <FieldMessage text={car.fieldState.error?.message} />

      <SaveFooter
        error={formState.errors.root?.server?.message ?? null}
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
