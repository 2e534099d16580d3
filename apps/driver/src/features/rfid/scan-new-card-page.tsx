import { useEffect, useState } from 'react';
import { IonButton, IonIcon, IonSpinner } from '@ionic/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { checkmarkCircleOutline, radioOutline, timerOutline } from 'ionicons/icons';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { createRfidRequest, unauthorizedAuthsRequest } from '@evc/contract';
import {
  firstRfidScan,
  isRfidScanExpired,
  isSecondRfidScan,
  RFID_SECOND_SCAN_MS,
  rfidScanBaseline,
  type RfidAttempt,
} from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { useSession } from '../../lib/session/session-store.ts';
import { FormField } from '../../ui/form-field/form-field.tsx';
import { placeRefusal } from '../../ui/form-field/place-refusal.ts';
import { useRefusalText } from '../../ui/form-field/use-refusal-text.ts';
import { wordedResolver } from '../../ui/form-field/worded-resolver.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import { getUnauthorizedAuthsOnChargerByBarcode } from './api/get-unauthorized-auths-on-charger-by-barcode.ts';
import { useLinkRfid } from './use-link-rfid.ts';
import './rfid.css';

/** How often the charger's Authorize attempts are read while a card is awaited. */
const POLL_MS = 1500;

type Step =
  | { name: 'charger' }
  | { name: 'first'; barcode: string; baseline: ReadonlySet<string> }
  | { name: 'second'; barcode: string; first: RfidAttempt; seenAtMs: number }
  | { name: 'expired'; barcode: string }
  | { name: 'save'; uid: string };

const STEP_ORDER = ['charger', 'first', 'second', 'save'] as const;

/** The wizard's next step once the charger's attempts are read (same step when nothing moved). */
function afterAttempts(step: Step, listed: RfidAttempt[], nowMs: number): Step {
  if (step.name === 'first') {
    const first = firstRfidScan(listed, step.baseline);
    return first ? { name: 'second', barcode: step.barcode, first, seenAtMs: nowMs } : step;
  }
  if (step.name === 'second' && isSecondRfidScan(listed, step.first)) {
    return { name: 'save', uid: step.first.idTag };
  }
  return step;
}

/** The card's name as the driver types it, by the call's own rule. */
const cardName = createRfidRequest.shape.tagData.pick({ name: true });

/** The card the charger read, named by the driver if they like, then saved as theirs. */
function SaveCardForm({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const errorMessage = useErrorMessage();
  const refusalText = useRefusalText();
  const link = useLinkRfid();
  const { control, formState, handleSubmit, setError } = useForm({
    defaultValues: { name: '' },
    resolver: wordedResolver(zodResolver(cardName), (_path, refusal) =>
      refusalText(refusal.message, refusal.message ?? ''),
    ),
    shouldFocusError: false,
  });

  const save = handleSubmit(async ({ name }) => {
    if (!user || link.isPending) return;
    try {
      await link.mutateAsync({
        kind: 'scan',
        body: { tagData: { uid, is_from_scan: true, userid: user._id, ...(name ? { name } : {}) } },
      });
      navigate('/manage-user-rfids', { replace: true });
    } catch (failure) {
      placeRefusal(
        failure,
        setError,
        (field) => (field === 'tagData.name' ? 'name' : null),
        () =>
          refusalText(
            failure instanceof Error ? failure.message : undefined,
            errorMessage(failure),
          ),
      );
    }
  });

  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <div className="rfid-step" role="status">
        <IonIcon icon={checkmarkCircleOutline} aria-hidden="true" color="success" />
        <h2>{t('rfid.scan.readTitle')}</h2>
        <p>
          {t('rfid.scan.readMessage')} <span className="rfid-number">{uid}</span>
        </p>
      </div>
      <FormField
        control={control}
        name="name"
        label={t('rfid.name.label')}
        helperText={t('rfid.name.help')}
        maxlength={40}
      />
      <FormError message={formState.errors.root?.server?.message} />
      <IonButton type="submit" expand="block" disabled={link.isPending}>
        {t('rfid.scan.save')}
      </IonButton>
    </form>
  );
}

/**
 * spec 000 §2 scan-new-card: the charger's code, then the driver presents the card to its reader
 * twice (the second time within RFID_SECOND_SCAN_MS), then names and saves it. The charger refuses
 * an unknown card and the server keeps the attempt; the wizard reads those attempts.
 */
export function ScanNewCardPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [step, setStep] = useState<Step>({ name: 'charger' });
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [nowMs, setNowMs] = useState(() => Date.now());
  // The page holds the charger's code, so it is still there when the driver comes back to it.
  const chargerForm = useForm({
    defaultValues: { barcode: '' },
    resolver: wordedResolver(zodResolver(unauthorizedAuthsRequest), () =>
      t('rfid.scan.invalidCharger'),
    ),
    shouldFocusError: false,
  });

  const waiting = step.name === 'first' || step.name === 'second';
  const polledBarcode = waiting ? step.barcode : null;
  const [pollError, setPollError] = useState<unknown>(null);

  // While a card is awaited: read the charger's attempts, and tick the timer of scan 2.
  useEffect(() => {
    if (polledBarcode === null) return;
    const code = polledBarcode;
    const controller = new AbortController();
    const poll = setInterval(() => {
      getUnauthorizedAuthsOnChargerByBarcode(code, controller.signal).then(
        (listed) => {
          setPollError(null);
          setStep((current) => afterAttempts(current, listed, Date.now()));
        },
        (failure: unknown) => {
          if (!controller.signal.aborted) setPollError(failure);
        },
      );
    }, POLL_MS);
    const tick = setInterval(() => {
      const now = Date.now();
      setNowMs(now);
      setStep((current) =>
        current.name === 'second' && isRfidScanExpired(current.seenAtMs, now)
          ? { name: 'expired', barcode: current.barcode }
          : current,
      );
    }, 250);
    return () => {
      controller.abort();
      clearInterval(poll);
      clearInterval(tick);
    };
  }, [polledBarcode]);

  /** Reads what the charger has seen so far: none of it is the card about to be presented. */
  const listen = async (code: string) => {
    setError(null);
    setChecking(true);
    try {
      const listed = await getUnauthorizedAuthsOnChargerByBarcode(code);
      setStep({ name: 'first', barcode: code, baseline: rfidScanBaseline(listed) });
    } catch (failure) {
      // spec 000 §8: unable to find the charger while scanning a card.
      setError(
        failure instanceof ApiError && failure.status === 404
          ? t('rfid.scan.chargerNotFound')
          : errorMessage(failure),
      );
    } finally {
      setChecking(false);
    }
  };

  const submitCharger = chargerForm.handleSubmit(
    ({ barcode }) => listen(barcode),
    () => setError(null),
  );

  const position = STEP_ORDER.indexOf(step.name === 'expired' ? 'second' : step.name);
  const secondsLeft =
    step.name === 'second'
      ? Math.max(0, Math.ceil((step.seenAtMs + RFID_SECOND_SCAN_MS - nowMs) / 1000))
      : 0;

  return (
    <PageView title={t('rfid.scan.title')}>
      <ol
        className="rfid-steps"
        aria-label={t('rfid.scan.progress', { step: position + 1, total: STEP_ORDER.length })}
      >
        {STEP_ORDER.map((name, index) => (
          <li
            key={name}
            className={index < position ? 'done' : undefined}
            aria-current={index === position ? 'step' : undefined}
          />
        ))}
      </ol>

      {step.name === 'charger' && (
        <form onSubmit={(event) => void submitCharger(event)} noValidate>
          <p className="page-view__subtitle">{t('rfid.scan.chargerIntro')}</p>
          <FormField
            control={chargerForm.control}
            name="barcode"
            inputmode="numeric"
            maxlength={4}
            label={t('rfid.scan.chargerLabel')}
          />
          <FormError message={error} />
          <IonButton type="submit" expand="block" disabled={checking}>
            {t('rfid.scan.next')}
          </IonButton>
        </form>
      )}

      {step.name === 'first' && (
        <div className="rfid-step" role="status">
          <IonIcon icon={radioOutline} aria-hidden="true" />
          <h2>{t('rfid.scan.firstTitle')}</h2>
          <p>{t('rfid.scan.firstMessage', { barcode: step.barcode })}</p>
          <IonSpinner name="dots" aria-hidden="true" />
        </div>
      )}

      {step.name === 'second' && (
        <div className="rfid-step" role="status">
          <IonIcon icon={timerOutline} aria-hidden="true" />
          <h2>{t('rfid.scan.secondTitle')}</h2>
          <p>{t('rfid.scan.secondMessage')}</p>
          <p className="rfid-countdown">{t('rfid.scan.secondsLeft', { count: secondsLeft })}</p>
        </div>
      )}

      {step.name === 'expired' && (
        <div className="rfid-step" role="alert">
          <IonIcon icon={timerOutline} aria-hidden="true" color="medium" />
          <h2>{t('rfid.scan.expiredTitle')}</h2>
          <p>{t('rfid.scan.expiredMessage')}</p>
          <IonButton expand="block" onClick={() => void listen(step.barcode)}>
            {t('rfid.scan.again')}
          </IonButton>
        </div>
      )}

      {step.name === 'save' && <SaveCardForm uid={step.uid} />}

      {waiting && pollError !== null && <FormError message={errorMessage(pollError)} />}
      {step.name !== 'save' && step.name !== 'charger' && (
        <IonButton fill="clear" expand="block" onClick={() => setStep({ name: 'charger' })}>
          {t('rfid.scan.otherCharger')}
        </IonButton>
      )}
    </PageView>
  );
}
