import { useState } from 'react';
import { IonButton, IonCheckbox } from '@ionic/react';
import { useController, useForm, type Control, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { barcode } from '@evc/contract';
import { adoptionErrors } from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FieldMessage } from '../../ui/form-field/field-message.tsx';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { TermsModal } from '../../ui/terms-modal/terms-modal.tsx';
import { useClaimCharger } from './api/home-chargers.ts';
import { homeChargingPaths } from './charger-status.ts';
import { KnowledgeBaseLink } from './knowledge-base-link.tsx';
import './home-charging.css';

interface AdoptForm {
  barcode: string;
  serial: string;
  name: string;
  accessCode: string;
  termsAccepted: boolean;
  privacyAccepted: boolean;
}
type AdoptInput = keyof AdoptForm;

/** Which input each adoption rule (packages/domain, spec 001 §5) refuses. */
const RULE_INPUT = {
  accessCode: 'accessCode',
  name: 'name',
  terms: 'termsAccepted',
  privacy: 'privacyAccepted',
} as const;

/** The request's parts a server refusal may name, and the input each is typed in. */
const REQUEST_INPUT: Record<string, AdoptInput> = {
  chargerid: 'barcode',
  serial: 'serial',
  name: 'name',
  accesscode: 'accessCode',
  terms: 'termsAccepted',
  privacy: 'privacyAccepted',
};

function adoptResolver(word: (input: AdoptInput) => string): Resolver<AdoptForm> {
  return (values) => {
    const refused: AdoptInput[] = [];
    if (!barcode.safeParse(values.barcode).success) refused.push('barcode');
    refused.push(...adoptionErrors(values).map((rule) => RULE_INPUT[rule]));
    if (refused.length === 0) return { values, errors: {} };
    return {
      values: {},
      errors: Object.fromEntries(
        refused.map((input) => [input, { type: 'adoption', message: word(input) }]),
      ),
    };
  };
}

function Agreement({
  control,
  name,
  label,
  onRead,
}: {
  control: Control<AdoptForm>;
  name: 'termsAccepted' | 'privacyAccepted';
  label: string;
  onRead: () => void;
}) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name });
  return (
    <div className="agreement">
      <IonCheckbox
        className="check-row"
        labelPlacement="end"
        justify="start"
        checked={field.value}
        onIonChange={(event) => field.onChange(event.detail.checked)}
      >
        {label}
      </IonCheckbox>
      <IonButton fill="clear" size="small" className="inline-link" onClick={onRead}>
        {t('homeCharging.adopt.read')}
      </IonButton>
      <FieldMessage text={fieldState.error?.message} />
    </div>
  );
}

/**
 * spec 001 §2, §4, §5: add charger — barcode, serial, name, adoption code, and agreement to terms
 * and privacy; adopted, the owner goes on to the tariff wizard.
 */
export function AddChargerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const { user } = useSession();
  const claim = useClaimCharger();
  const [reading, setReading] = useState<'terms' | 'privacy' | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<AdoptForm>({
    defaultValues: {
      barcode: '',
      serial: '',
      name: '',
      accessCode: '',
      termsAccepted: false,
      privacyAccepted: false,
    },
    resolver: adoptResolver((input) => t(`homeCharging.adopt.errors.${input}`)),
    shouldFocusError: false,
  });

  const adopt = async (form: AdoptForm) => {
    try {
      const charger = await claim.mutateAsync({
        accesscode: form.accessCode,
        userid: user?._id ?? '',
        chargerid: form.barcode,
        ...(form.serial.trim() ? { serial: form.serial } : {}),
        name: form.name,
        terms: true,
        privacy: true,
      });
      navigate(homeChargingPaths.tariffSetup(charger._id), { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'ADOPTION_CODE_INCORRECT') {
        setError('accessCode', { type: 'server', message: errorMessage(failure) });
        return;
      }
      const input =
        failure instanceof ApiError && failure.code === 'VALIDATION' && failure.field
          ? REQUEST_INPUT[failure.field]
          : undefined;
      setError(input ?? 'root.server', {
        type: 'server',
        message: input ? t(`homeCharging.adopt.errors.${input}`) : errorMessage(failure),
      });
    }
  };

  return (
    <PageView title={t('homeCharging.adopt.title')} subtitle={t('homeCharging.adopt.subtitle')}>
      <form
        className="adopt-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void handleSubmit(adopt)();
        }}
      >
        <FormField
          control={control}
          name="barcode"
          label={t('homeCharging.adopt.barcode')}
          inputmode="numeric"
          maxlength={4}
        />
        <FormField control={control} name="serial" label={t('homeCharging.adopt.serial')} />
        <FormField control={control} name="name" label={t('homeCharging.adopt.name')} />
        <FormField
          control={control}
          name="accessCode"
          label={t('homeCharging.adopt.accessCode')}
          autocapitalize="characters"
        />
        <p className="form-note">{t('homeCharging.adopt.help')}</p>
        <Agreement
          control={control}
          name="termsAccepted"
          label={t('homeCharging.adopt.terms')}
          onRead={() => setReading('terms')}
        />
        <Agreement
          control={control}
          name="privacyAccepted"
          label={t('homeCharging.adopt.privacy')}
          onRead={() => setReading('privacy')}
        />
        <FormError message={formState.errors.root?.server?.message} />
        <IonButton
          type="submit"
          className="primary-action"
          expand="block"
          disabled={claim.isPending}
        >
          {t('homeCharging.adopt.submit')}
        </IonButton>
      </form>
      <KnowledgeBaseLink />
      <TermsModal
        isOpen={reading !== null}
        onClose={() => setReading(null)}
        src={reading === 'privacy' ? '/privacy' : '/terms'}
        title={
          reading === 'privacy' ? t('homeCharging.adopt.privacy') : t('homeCharging.adopt.terms')
        }
      />
    </PageView>
  );
}
