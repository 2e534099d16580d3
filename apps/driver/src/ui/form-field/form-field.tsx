import { useId, type ComponentProps, type ReactNode } from 'react';
import { IonInput } from '@ionic/react';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { FieldMessage } from './field-message.tsx';

type InputProps = Omit<
  ComponentProps<typeof IonInput>,
  'name' | 'value' | 'label' | 'className' | 'onIonInput' | 'onIonBlur' | 'aria-describedby'
>;

export type FormFieldProps<T extends FieldValues, Out extends FieldValues> = InputProps & {
  control: Control<T, unknown, Out>;
  /** A value that may be null (none given) shows as an empty input. */
  name: FieldPathByValue<T, string | undefined> | FieldPathByValue<T, string | null | undefined>;
  label: string;
  /** Shown between the input and what is wrong with it (a password's strength, say). */
  after?: ReactNode;
  /** Lays the text out as it is typed (a card number in groups of 4, say). */
  format?: (typed: string) => string;
};

/** One text input of a form: its floating label, the outlined Ionic input and what is wrong with it. */
export function FormField<T extends FieldValues, Out extends FieldValues>({
  control,
  name,
  label,
  after,
  format,
  children,
  ...input
}: FormFieldProps<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  const messageId = useId();
  return (
    <div>
      <IonInput
        {...input}
        className={fieldState.invalid ? 'field ion-invalid ion-touched' : 'field'}
        name={field.name}
        label={label}
        labelPlacement="floating"
        fill="outline"
        value={field.value ?? ''}
        onIonInput={(event) => {
          const typed = event.detail.value ?? '';
          const shown = format ? format(typed) : typed;
          // Written back at once: a keystroke the format drops leaves the value as it was.
          if (shown !== typed) event.target.value = shown;
          field.onChange(shown);
        }}
        onIonBlur={field.onBlur}
        aria-describedby={messageId}
      >
        {children}
      </IonInput>
      {after}
      <FieldMessage id={messageId} text={fieldState.error?.message} />
    </div>
  );
}
