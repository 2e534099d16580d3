import { IonInputPasswordToggle } from '@ionic/react';
import type { FieldValues } from 'react-hook-form';
import { FormField, type FormFieldProps } from './form-field.tsx';

/** A password input of a form, with the eye that shows what was typed. */
export function PasswordField<T extends FieldValues, Out extends FieldValues>(
  props: Omit<FormFieldProps<T, Out>, 'type' | 'children'>,
) {
  return (
    <FormField {...props} type="password">
      <IonInputPasswordToggle slot="end" />
    </FormField>
  );
}
