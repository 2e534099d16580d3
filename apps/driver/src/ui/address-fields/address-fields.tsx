import { IonSelectOption } from '../ionic/ion-select.ts';
import { useTranslation } from 'react-i18next';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from '../form-field/form-field.tsx';
import { SelectField } from '../form-field/select-field.tsx';
import { useCountries } from '../../lib/api/calls/get-all-countries.ts';

export type AddressPart = 'line1' | 'line2' | 'city' | 'postcode' | 'country';

/** The form's name of each part; without `line2` the address has no second line (a card's). */
export type AddressNames<T extends FieldValues> = Record<
  Exclude<AddressPart, 'line2'>,
  FieldPathByValue<T, string | undefined>
> & { line2?: FieldPathByValue<T, string | undefined> };

export interface AddressFieldsProps<T extends FieldValues, Out extends FieldValues> {
  control: Control<T, unknown, Out>;
  names: AddressNames<T>;
}

const AUTOCOMPLETE = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  postcode: 'postal-code',
} as const;

/**
 * The street, city, post code and country inputs of an address (registration, the driver's
 * details, a card's billing address), with the countries GB first, then IE, then by name.
 */
export function AddressFields<T extends FieldValues, Out extends FieldValues>({
  control,
  names,
}: AddressFieldsProps<T, Out>) {
  const { t } = useTranslation();
  const countries = useCountries();
  const input = (
    part: keyof typeof AUTOCOMPLETE,
    name: FieldPathByValue<T, string | undefined>,
  ) => (
    <FormField
      control={control}
      name={name}
      label={t(`addressFields.${part}`)}
      autocomplete={AUTOCOMPLETE[part]}
    />
  );

  return (
    <>
      {input('line1', names.line1)}
      {names.line2 !== undefined && input('line2', names.line2)}
      <div className="two-columns">
        {input('city', names.city)}
        {input('postcode', names.postcode)}
      </div>
      <SelectField control={control} name={names.country} label={t('addressFields.country')}>
        {(countries.data ?? []).map((country) => (
          <IonSelectOption key={country.code} value={country.code}>
            {country.name}
          </IonSelectOption>
        ))}
      </SelectField>
    </>
  );
}
