import { useId, type ReactNode } from 'react';
import { IonSelect } from '../ionic/ion-select.ts';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { FieldMessage } from './field-message.tsx';

export interface SelectFieldProps<T extends FieldValues, Out extends FieldValues> {
  control: Control<T, unknown, Out>;
  name: FieldPathByValue<T, string | undefined>;
  label: string;
  /** The `IonSelectOption`s. */
  children: ReactNode;
}

/** One choice of a form from a popover list: the outlined Ionic select and what is wrong with it. */
export function SelectField<T extends FieldValues, Out extends FieldValues>({
  control,
  name,
  label,
  children,
}: SelectFieldProps<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  const messageId = useId();
  return (
    <div>
      <IonSelect
        className={fieldState.invalid ? 'field ion-invalid ion-touched' : 'field'}
        name={field.name}
        label={label}
        labelPlacement="floating"
        fill="outline"
        interface="popover"
        value={field.value}
        onIonChange={(event) => field.onChange(String(event.detail.value ?? ''))}
        onIonBlur={field.onBlur}
        aria-describedby={messageId}
      >
        {children}
      </IonSelect>
      <FieldMessage id={messageId} text={fieldState.error?.message} />
    </div>
  );
}
