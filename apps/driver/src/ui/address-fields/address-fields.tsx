import { IonInput, IonSelect, IonSelectOption } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useCountries } from './get-all-countries.ts';

export type AddressPart = 'line1' | 'line2' | 'city' | 'postcode' | 'country';

export interface AddressValue {
  line1: string;
  /** Absent where the address has no second line (a card's billing address). */
  line2?: string;
  city: string;
  postcode: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
}

export interface AddressFieldsProps {
  value: AddressValue;
  onChange: (part: AddressPart, value: string) => void;
  /** What is wrong with each part, shown under it; a part with a message is marked invalid. */
  errors?: Partial<Record<AddressPart, readonly string[]>>;
  /** The form's name of each part where it differs (a card's `address_city`). */
  names?: Partial<Record<AddressPart, string>>;
}

const AUTOCOMPLETE = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  postcode: 'postal-code',
} as const;

type TextPart = keyof typeof AUTOCOMPLETE;

/**
 * The street, city, post code and country inputs of an address (registration, the driver's
 * details, a card's billing address), with the countries GB first, then IE, then by name.
 */
export function AddressFields({ value, onChange, errors = {}, names = {} }: AddressFieldsProps) {
  const { t } = useTranslation();
  const countries = useCountries();
  const messages = (part: AddressPart) =>
    (errors[part] ?? []).map((text) => (
      <p key={text} className="field-error" role="alert">
        {text}
      </p>
    ));
  const fieldClass = (part: AddressPart) =>
    (errors[part]?.length ?? 0) > 0 ? 'field ion-invalid ion-touched' : 'field';
  const input = (part: TextPart) => (
    <div>
      <IonInput
        className={fieldClass(part)}
        name={names[part] ?? part}
        label={t(`addressFields.${part}`)}
        labelPlacement="floating"
        fill="outline"
        autocomplete={AUTOCOMPLETE[part]}
        value={value[part]}
        onIonInput={(event) => onChange(part, event.detail.value ?? '')}
      />
      {messages(part)}
    </div>
  );

  return (
    <>
      {input('line1')}
      {value.line2 !== undefined && input('line2')}
      <div className="two-columns">
        {input('city')}
        {input('postcode')}
      </div>
      <div>
        <IonSelect
          className={fieldClass('country')}
          name={names.country ?? 'country'}
          label={t('addressFields.country')}
          labelPlacement="floating"
          fill="outline"
          interface="popover"
          value={value.country}
          onIonChange={(event) => onChange('country', String(event.detail.value ?? ''))}
        >
          {(countries.data ?? []).map((country) => (
            <IonSelectOption key={country.code} value={country.code}>
              {country.name}
            </IonSelectOption>
          ))}
        </IonSelect>
        {messages('country')}
      </div>
    </>
  );
}
