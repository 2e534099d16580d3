import { useState, type FormEvent } from 'react';
import { IonButton, IonInput } from '@ionic/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { affiliationCode } from '@evc/contract';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useAlert } from '../../lib/alerts.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { useJoinGroup } from './api/join-group-by-code.ts';
import './affiliates.css';

type Field = 'groupcode' | 'usercode';

/** Which message a value the contract refuses gets, by the field it names. */
function inputProblem(values: Record<Field, string>): string | null {
  if (!values.groupcode.trim()) return 'affiliates.add.missingGroupCode';
  const parsed = affiliationCode.safeParse(values);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.path[0] === 'usercode'
    ? 'affiliates.add.invalidUserCode'
    : 'affiliates.add.invalidGroupCode';
}

/** spec 000 §2 add-affiliates: join a group by its code, with the driver's own code if any. */
export function AddAffiliatesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const errorMessage = useErrorMessage();
  const join = useJoinGroup();
  const [values, setValues] = useState<Record<Field, string>>({ groupcode: '', usercode: '' });
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (join.isPending) return;
    const problem = inputProblem(values);
    setError(problem ? t(problem) : null);
    if (problem) return;
    try {
      const group = await join.mutateAsync(values);
      setValues({ groupcode: '', usercode: '' });
      await showAlert({
        header: t('affiliates.add.joinedTitle'),
        message: t('affiliates.add.joinedMessage', { name: group.name }),
      });
      navigate('/affiliates', { replace: true });
    } catch (failure) {
      // spec 000 §8: the affiliation join error, from the code the server answers.
      setError(errorMessage(failure));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const field = (name: Field, extra: { autocapitalize: string; maxlength: number }) => (
    <IonInput
      className="field"
      name={name}
      autocomplete="off"
      spellcheck={false}
      {...extra}
      label={t(name === 'groupcode' ? 'affiliates.add.groupCode' : 'affiliates.add.userCode')}
      labelPlacement="floating"
      fill="outline"
      value={values[name]}
      onIonInput={(event) =>
        setValues((current) => ({ ...current, [name]: event.detail.value ?? '' }))
      }
    />
  );

  return (
    <PageView title={t('affiliates.add.title')} subtitle={t('affiliates.add.subtitle')}>
      <form onSubmit={onSubmit} noValidate>
        {field('groupcode', { autocapitalize: 'characters', maxlength: 32 })}
        {field('usercode', { autocapitalize: 'off', maxlength: 64 })}
        <FormError message={error} />
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
