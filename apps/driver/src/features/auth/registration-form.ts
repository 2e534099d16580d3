import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldPath, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { validateRegistration, type RegistrationMessageKey } from '@evc/domain';
import { registrationUser, type RegistrationUser } from '@evc/contract';
import type { AddressNames } from '../../ui/address-fields/address-fields.tsx';
import { assessPassword } from '../../ui/password-panel/password-strength.ts';

/** What the driver types, with the contract's rules; the spec's own rules are checked first. */
export const registrationForm = registrationUser
  .pick({
    first_name: true,
    last_name: true,
    email: true,
    password: true,
    phone_number: true,
    address: true,
  })
  .extend({
    confirmPassword: z.string(),
    /** A choice of registrationCurrencyChoices (the brand's own currency, the spec's, other). */
    currencyChoice: z.string(),
    otherCurrency: z.string(),
    termsAccepted: z.boolean(),
    privacyAccepted: z.boolean(),
  });
export type Form = z.input<typeof registrationForm>;
/** The form as checked: trimmed, the e-mail address in lower case. */
export type SentForm = z.output<typeof registrationForm>;
export type Input = FieldPath<Form>;

/** A refusal by the spec's rules: its message key, or none for a missing name (said once for both). */
export const SPEC_REFUSAL = 'spec';

/** Which input each registration message belongs to (spec 001 §5). */
const MESSAGE_FIELD = {
  'register.errors.address': 'address.line1',
  'register.errors.city': 'address.city',
  'register.errors.postcode': 'address.postcode',
  'register.errors.country': 'address.country',
  'register.errors.phone': 'phone_number',
  'register.errors.email': 'email',
  'register.errors.currency': 'currencyChoice',
  'register.errors.privacy': 'privacyAccepted',
  'register.errors.terms': 'termsAccepted',
  'register.errors.passwordMismatch': 'confirmPassword',
  'register.errors.weakPassword': 'password',
} as const satisfies Record<RegistrationMessageKey, Input>;

/** The spec's own message for an input, so a refusal of it reads in the driver's language. */
export const FIELD_MESSAGE = Object.fromEntries(
  Object.entries(MESSAGE_FIELD).map(([key, input]) => [input, key]),
) as Partial<Record<Input, RegistrationMessageKey>>;

/** The input for each part of the request a server refusal may name (`field`, less "user."). */
const REQUEST_INPUT = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  password: 'password',
  phone_number: 'phone_number',
  address: null,
  'address.line1': 'address.line1',
  'address.line2': 'address.line2',
  'address.city': 'address.city',
  'address.postcode': 'address.postcode',
  'address.country': 'address.country',
  preferredCurrency: 'currencyChoice',
  language: null,
  acceptedTerms: 'termsAccepted',
  acceptedPrivacy: 'privacyAccepted',
} as const satisfies Record<FieldPath<RegistrationUser>, Input | null>;

export const inputOf = (field: string): Input | null => {
  const path = field.replace(/^user\./, '');
  return Object.hasOwn(REQUEST_INPUT, path)
    ? REQUEST_INPUT[path as keyof typeof REQUEST_INPUT]
    : null;
};

export const ADDRESS_NAMES: AddressNames<Form> = {
  line1: 'address.line1',
  line2: 'address.line2',
  city: 'address.city',
  postcode: 'address.postcode',
  country: 'address.country',
};

export function currencyCode(form: Form): string {
  if (form.currencyChoice === 'other') return form.otherCurrency;
  return form.currencyChoice.toUpperCase();
}

export const passwordInputs = (form: Pick<Form, 'first_name' | 'last_name' | 'email'>) =>
  [form.first_name, form.last_name, form.email].filter(Boolean);

/** The spec's rules (spec 001 §5), as refusals by input; the password is judged as the server does. */
async function specRefusals(form: Form): Promise<Record<string, FieldError>> {
  const { strength } = await assessPassword(form.password, passwordInputs(form));
  const failed = validateRegistration({
    line1: form.address.line1,
    city: form.address.city,
    postcode: form.address.postcode,
    country: form.address.country,
    phone_number: form.phone_number,
    email: form.email,
    currency: currencyCode(form),
    privacyAccepted: form.privacyAccepted,
    termsAccepted: form.termsAccepted,
    password: form.password,
    confirmPassword: form.confirmPassword,
    passwordStrength: strength,
  });
  const refusals: Record<string, FieldError> = Object.fromEntries(
    failed.map((key) => [MESSAGE_FIELD[key], { type: SPEC_REFUSAL, message: key }]),
  );
  for (const name of ['first_name', 'last_name'] as const) {
    if (form[name].trim() === '') refusals[name] = { type: SPEC_REFUSAL, message: '' };
  }
  return refusals;
}

/** The spec's rules first; only a form that meets them is held to the contract's. */
export const registrationResolver: Resolver<Form, unknown, SentForm> = async (
  values,
  context,
  options,
) => {
  const refused = await specRefusals(values);
  if (Object.keys(refused).length > 0)
    return { values: {}, errors: toNestErrors(refused, options) };
  return zodResolver(registrationForm)(values, context, options);
};
