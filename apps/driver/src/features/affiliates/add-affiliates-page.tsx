import { IonButton } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { affiliationCode, groupCode } from '@evc/contract';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useJoinGroup } from './api/join-group-by-code.ts';
import './affiliates.css';
import { useRefusalClearedOnEdit } from '../../ui/form-field/use-refusal-cleared-on-edit.ts';

const MISSING_GROUP_CODE = 'affiliates.add.missingGroupCode';

/** The contract's codes; a group code left empty is asked for rather than called invalid. */
const joinForm = affiliationCode.extend({
  groupcode: z.string().trim().min(1, MISSING_GROUP_CODE).pipe(groupCode),
});

type Form = z.input<typeof joinForm>;
type Input = keyof Form;

/** Every input of the form, with its own words for a refusal. */
const MESSAGE_KEY = {
  groupcode: 'affiliates.add.invalidGroupCode',
  usercode: 'affiliates.add.invalidUserCode',
} as const satisfies Record<Input, string>;

const isInput = (path: string): path is Input => Object.hasOwn(MESSAGE_KEY, path);

/** The server names a refused input by its path in the request, `code.groupcode`. */
const inputOf = (field: string): Input | null => {
  const path = field.replace(/^code\./, '');
  return isInput(path) ? path : null;
};

const EMPTY: Form = { groupcode: '', usercode: '' };

/** spec 000 §2 add-affiliates: join a group by its code, with the driver's own code if any. */
export function AddAffiliatesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const join = useJoinGroup();
  const { control, formState, handleSubmit, reset, setError, watch, clearErrors } = useForm({
    defaultValues: EMPTY,
    resolver: wordedResolver(zodResolver(joinForm), (path, refusal) => {
      if (refusal.message === MISSING_GROUP_CODE) return t(MISSING_GROUP_CODE);
      return isInput(path) ? t(MESSAGE_KEY[path]) : (refusal.message ?? '');
    }),
    shouldFocusError: false,
  });
  useRefusalClearedOnEdit({ watch, clearErrors });

  const submit = handleSubmit(async (code) => {
    if (join.isPending) return;
    try {
      const group = await join.mutateAsync(code);
      reset(EMPTY);
      await showAlert({
        header: t('affiliates.add.joinedTitle'),
        message: t('affiliates.add.joinedMessage', { name: group.name }),
      });
      navigate('/affiliates', { replace: true });
    } catch (failure) {
      placeRefusal(failure, setError, inputOf, (input) =>
        // spec 000 §8: the affiliation join error, from the code the server answers.
        input && failure instanceof ApiError && failure.code === 'VALIDATION'
          ? t(MESSAGE_KEY[input])
          : errorMessage(failure),
      );
    }
  });

  return (
    <PageView title={t('affiliates.add.title')} subtitle={t('affiliates.add.subtitle')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <FormField
          control={control}
          name="groupcode"
          label={t('affiliates.add.groupCode')}
          autocomplete="off"
          spellcheck={false}
          autocapitalize="characters"
          maxlength={32}
        />
        <FormField
          control={control}
          name="usercode"
          label={t('affiliates.add.userCode')}
          autocomplete="off"
          spellcheck={false}
          autocapitalize="off"
          maxlength={64}
        />
        <FormError message={formState.errors.root?.server?.message} />
        <IonButton
          className="primary-action"
          expand="block"
          type="submit"
          disabled={join.isPending}
        >
          {t('affiliates.add.submit')}
        </IonButton>
      </form>
    </PageView>
  );
}
