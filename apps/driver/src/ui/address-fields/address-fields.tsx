import { useMemo } from 'react';
import { IonSelectOption } from '../ionic/ion-select.ts';
import { useTranslation } from 'react-i18next';
import { useWatch, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { countryHasPostcodes, sortCountries } from '@evc/domain';
import { FormField } from '../form-field/form-field.tsx';
import { SelectField } from '../form-field/select-field.tsx';
import { useCountries } from '../../lib/api/calls/get-all-countries.ts';
import { countryName } from '../../lib/country-name.ts';
import { useFormatLocale } from '../../lib/dates.ts';

export type AddressPart = 'line1' | 'line2' | 'city' | 'postcode' | 'country';

/** The form's name of each part; without `line2` the address has no second line (a card's). */
export type AddressNames<T extends FieldValues> = Record<
  Exclude<AddressPart, 'line2'>,
  FieldPathByValue<T, string | undefined>
> & { line2?: FieldPathByValue<T, string | undefined> };

export interface AddressFieldsProps<T extends FieldValues, Out extends FieldValues> {
  control: Control<T, unknown, Out>;
  names: AddressNames<T>;
  /** The post code even where the country has none (a card's billing address, which needs one). */
  postcodeAlways?: boolean;
}

const AUTOCOMPLETE = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  postcode: 'postal-code',
} as const;

/**
 * The street, city, post code and country inputs of an address (registration, the driver's
 * details, a card's billing address), with the countries GB first, then IE, then by name; no
 * post code where the chosen country has none (issue 19).
 */
export function AddressFields<T extends FieldValues, Out extends FieldValues>({
  control,
  names,
  postcodeAlways = false,
}: AddressFieldsProps<T, Out>) {
  const { t } = useTranslation();
  const countries = useCountries();
  const locale = useFormatLocale();
  // Named in the driver's language, and ordered by those names (GB, IE first: spec 000 §9).
  const shownCountries = useMemo(
    () =>
      sortCountries(
        (countries.data ?? []).map((country) => ({
          ...country,
          name: countryName(country.code, locale, country.name),
        })),
      ),
    [countries.data, locale],
  );
  const country: unknown = useWatch({ control, name: names.country });
  const withPostcode =
    postcodeAlways || typeof country !== 'string' || countryHasPostcodes(country);
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
      {withPostcode ? (
        <div className="two-columns">
          {input('city', names.city)}
          {input('postcode', names.postcode)}
        </div>
      ) : (
        input('city', names.city)
      )}
      <SelectField control={control} name={names.country} label={t('addressFields.country')}>
        {shownCountries.map((country) => (
          <IonSelectOption key={country.code} value={country.code}>
            {country.name}
          </IonSelectOption>
        ))}
      </SelectField>
    </>
  );
}
