import { IonButton } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { linkRfidByCardnumberRequest } from '@evc/contract';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useLinkRfid } from './use-link-rfid.ts';
import './rfid.css';
import { useRefusalClearedOnEdit } from '../../ui/form-field/use-refusal-cleared-on-edit.ts';

/** The call's own rules for what the driver types; the card is linked to the signed-in driver. */
const cardForm = linkRfidByCardnumberRequest.omit({ userid: true });

type Input = keyof z.input<typeof cardForm>;

/** Every input of the form, and its own words for a refusal (a name is only ever too long). */
const MESSAGE_KEY = {
  cardnumber: 'rfid.byCode.invalid',
  name: null,
} as const satisfies Record<Input, string | null>;

const isInput = (path: string): path is Input => Object.hasOwn(MESSAGE_KEY, path);

/** spec 000 §2 add-rfid-by-code: the driver types the number printed on the card. */
export function AddRfidByCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const link = useLinkRfid();
  const errorMessage = useErrorMessage();
  const refusalText = useRefusalText();
  const ownWords = (input: Input) => {
    const key = MESSAGE_KEY[input];
    return key === null ? null : t(key);
  };
  const { control, formState, handleSubmit, setError, watch, clearErrors } = useForm({
    defaultValues: { cardnumber: '', name: '' },
    resolver: wordedResolver(
      zodResolver(cardForm),
      (path, refusal) =>
        (isInput(path) ? ownWords(path) : null) ??
        refusalText(refusal.message, refusal.message ?? ''),
    ),
    shouldFocusError: false,
  });
  useRefusalClearedOnEdit({ watch, clearErrors });

  const submit = handleSubmit(async ({ cardnumber, name }) => {
    if (!user || link.isPending) return;
    try {
      await link.mutateAsync({
        kind: 'cardnumber',
        body: { cardnumber, userid: user._id, ...(name ? { name } : {}) },
      });
      navigate('/manage-user-rfids', { replace: true });
    } catch (failure) {
      placeRefusal(
        failure,
        setError,
        (field) => (isInput(field) ? field : null),
        (input) =>
          (input && failure instanceof ApiError && failure.code === 'VALIDATION'
            ? ownWords(input)
            : null) ??
          refusalText(
            failure instanceof Error ? failure.message : undefined,
            errorMessage(failure),
          ),
      );
    }
  });

  return (
    <PageView title={t('rfid.byCode.title')} subtitle={t('rfid.byCode.subtitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          control={control}
          name="cardnumber"
          label={t('rfid.byCode.cardnumber')}
          autocapitalize="characters"
          helperText={t('rfid.byCode.help')}
        />
        <FormField control={control} name="name" label={t('rfid.name.label')} maxlength={40} />
        <FormError message={formState.errors.root?.server?.message} />
        <IonButton type="submit" expand="block" disabled={link.isPending}>
          {t('rfid.byCode.submit')}
        </IonButton>
      </form>
    </PageView>
  );
}
