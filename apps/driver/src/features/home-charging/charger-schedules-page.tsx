import { useState } from 'react';
import { IonButton, IonIcon, IonLabel, IonSpinner, useIonAlert } from '@ionic/react';
import { addOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { ChargerSchedulesView } from '@evc/contract';
import {
  RANDOMISED_DELAY_MAX_SECONDS,
  daysUsedElsewhere,
  type ScheduleTypeCode,
  type WeekDay,
} from '@evc/domain';
import { ApiError } from '../../lib/api/api-error.ts';
import { IonSegment, IonSegmentButton } from '../../ui/ionic/ion-segment.ts';
import { FormError, PageView } from '../../ui/page-view/page-view.tsx';
import {
  ScheduleClock,
  type ScheduleClockSignal,
} from '../../ui/schedule-clock/schedule-clock.tsx';
import {
  useChargerSchedules,
  useGovernmentDefault,
  useReplaceChargerSchedules,
} from './api/charger-schedules.ts';
import { useHomeCharger } from './api/home-chargers.ts';
import { homeChargingPaths } from './charger-status.ts';
import { ScheduleCard } from './schedule-card.tsx';
import {
  draftFrom,
  emptySchedule,
  newSchedule,
  sameSchedules,
  scheduleRequest,
  slotsFromClock,
  type DraftSchedule,
  type SchedulesDraft,
} from './schedule-draft.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { useDayNames, WeekDayChips } from './week-day-chips.tsx';
import { ReadyByCard } from './ready-by-card.tsx';
import './home-charging.css';

const TYPES = ['DEFAULT', 'CUSTOM', 'NONE'] as const satisfies readonly ScheduleTypeCode[];
const typeOf = (value: unknown): ScheduleTypeCode => TYPES.find((type) => type === value) ?? 'NONE';

/** spec 001 §2: the Default type — the UK default on a read-only clock, in its own colour. */
function DefaultSchedule({ chargerId }: { chargerId: string }) {
  const { t } = useTranslation();
  const profile = useGovernmentDefault(chargerId);
  if (profile.isPending) return <IonSpinner name="crescent" color="primary" />;
  if (profile.isError) return <FormError message={t('homeCharging.settingsError')} />;
  const { schedule, randomisedDelay } = profile.data;
  return (
    <section className="schedule-card schedule-card--default" aria-label={schedule.name}>
      <h3 className="schedule-card__title">{schedule.name}</h3>
      <WeekDayChips days={schedule.days} label={t('homeCharging.schedules.days')} />
      <ScheduleClock
        scheduleId="government-default"
        scheduleType="DEFAULT"
        editable={false}
        slots={schedule.slots}
      />
      {randomisedDelay && (
        <p className="form-note">
          {t('homeCharging.schedules.delayNote', { minutes: RANDOMISED_DELAY_MAX_SECONDS / 60 })}
        </p>
      )}
    </section>
  );
}

/** The page's alerts: the spec's confirmations and notice (001 §4). */
function useScheduleAlerts() {
  const { t } = useTranslation();
  const [present] = useIonAlert();
  const ask = (header: string, message: string, yes: string, no: string) =>
    new Promise<boolean>((resolve) => {
      void present({
        header,
        message,
        buttons: [
          { text: no, role: 'cancel', handler: () => resolve(false) },
          { text: yes, role: 'confirm', handler: () => resolve(true) },
        ],
        onDidDismiss: () => resolve(false),
      });
    });
  return {
    notice: (message: string) =>
      void present({
        header: t('homeCharging.schedules.empty.header'),
        message,
        buttons: [t('common.ok')],
      }),
    confirmOverwrite: (values: { day: string; other: string; name: string }) =>
      ask(
        t('homeCharging.schedules.overwrite.header'),
        t('homeCharging.schedules.overwrite.message', values),
        t('homeCharging.schedules.overwrite.confirm'),
        t('homeCharging.schedules.overwrite.cancel'),
      ),
    confirmLeave: () =>
      ask(
        t('homeCharging.schedules.leave.header'),
        t('homeCharging.schedules.leave.message'),
        t('homeCharging.schedules.leave.leave'),
        t('homeCharging.schedules.leave.stay'),
      ),
  };
}

function SchedulesEditor({ chargerId, saved }: { chargerId: string; saved: ChargerSchedulesView }) {
  const { t } = useTranslation();
  const dayNames = useDayNames();
  const alerts = useScheduleAlerts();
  const replace = useReplaceChargerSchedules(chargerId);
  const [base, setBase] = useState(() => draftFrom(saved));
  const [draft, setDraft] = useState<SchedulesDraft>(base);
  const [signal, setSignal] = useState<ScheduleClockSignal | null>(null);
  const [created, setCreated] = useState(0);
  const dirty = !sameSchedules(draft, base);

  useLeaveGuard(dirty, async () => {
    const leave = await alerts.confirmLeave();
    // Ionic keeps a page it leaves forward: what was not saved is let go, not asked about again.
    if (leave) setDraft(base);
    return leave;
  });

  const nameOf = (schedule: DraftSchedule, index: number) =>
    schedule.name.trim() || t('homeCharging.schedules.newName', { n: index + 1 });
  const change = (key: string, patch: (schedule: DraftSchedule) => Partial<DraftSchedule>) =>
    setDraft((current) => ({
      ...current,
      schedules: current.schedules.map((schedule) =>
        schedule.key === key ? { ...schedule, ...patch(schedule) } : schedule,
      ),
    }));
  const addSchedule = (current: SchedulesDraft): SchedulesDraft => {
    const key = `new-schedule-${created + 1}`;
    setCreated(created + 1);
    const name = t('homeCharging.schedules.newName', { n: current.schedules.length + 1 });
    return { ...current, schedules: [...current.schedules, newSchedule(current, key, name)] };
  };

  const chooseType = (scheduleType: ScheduleTypeCode) => {
    const next = { ...draft, scheduleType };
    setDraft(scheduleType === 'CUSTOM' && next.schedules.length === 0 ? addSchedule(next) : next);
  };

  /** spec 001 §4: a day another schedule has asks to overwrite it there. */
  const toggleDay = async (index: number, day: WeekDay) => {
    const schedule = draft.schedules[index];
    if (!schedule) return;
    if (schedule.days.includes(day)) {
      change(schedule.key, ({ days }) => ({ days: days.filter((d) => d !== day) }));
      return;
    }
    const others = draft.schedules.filter((other) => other.key !== schedule.key);
    const other = others.find((found) => daysUsedElsewhere([day], [found]).length > 0);
    if (
      other &&
      !(await alerts.confirmOverwrite({
        day: dayNames.long(day),
        other: nameOf(other, draft.schedules.indexOf(other)),
        name: nameOf(schedule, index),
      }))
    ) {
      return;
    }
    setDraft((current) => ({
      ...current,
      schedules: current.schedules.map((found) =>
        found.key === schedule.key
          ? { ...found, days: [...found.days, day] }
          : { ...found, days: found.days.filter((d) => d !== day) },
      ),
    }));
  };

  const sendSignal = (
    schedule: DraftSchedule,
    index: number,
    kind: ScheduleClockSignal['kind'],
  ) => {
    if (kind === 'clear' && schedule.slots.length === 0) {
      alerts.notice(
        t('homeCharging.schedules.empty.nothingToClear', { name: nameOf(schedule, index) }),
      );
      return;
    }
    setSignal((last) => ({ scheduleId: schedule.key, kind, nonce: (last?.nonce ?? 0) + 1 }));
  };

  const save = () => {
    const empty = emptySchedule(draft);
    if (empty) {
      const schedule = 'index' in empty ? draft.schedules[empty.index] : undefined;
      alerts.notice(
        t(`homeCharging.schedules.empty.${empty.kind}`, {
          name: schedule ? nameOf(schedule, draft.schedules.indexOf(schedule)) : '',
        }),
      );
      return;
    }
    replace.mutate(scheduleRequest(draft), {
      onSuccess: (answer) => {
        const next = draftFrom(answer);
        setBase(next);
        setDraft(next);
      },
    });
  };

  const failure = replace.error;
  const refusal =
    failure instanceof ApiError && failure.status === 400 && failure.message
      ? failure.message
      : null;

  return (
    <>
      <h2 className="home-section">{t('homeCharging.schedules.type')}</h2>
      <IonSegment
        className="home-tabs"
        value={draft.scheduleType}
        onIonChange={(event) => chooseType(typeOf(event.detail.value))}
      >
        {TYPES.map((type) => (
          <IonSegmentButton key={type} value={type}>
            <IonLabel>{t(`homeCharging.schedules.types.${type}`)}</IonLabel>
          </IonSegmentButton>
        ))}
      </IonSegment>
      <p className="form-note">{t(`homeCharging.schedules.typeNotes.${draft.scheduleType}`)}</p>

      {draft.scheduleType === 'DEFAULT' && <DefaultSchedule chargerId={chargerId} />}
      {draft.scheduleType === 'CUSTOM' && (
        <>
          {draft.schedules.map((schedule, index) => (
            <ScheduleCard
              key={schedule.key}
              schedule={schedule}
              signal={signal?.scheduleId === schedule.key ? signal : null}
              onRename={(name) => change(schedule.key, () => ({ name }))}
              onToggleDay={(day) => void toggleDay(index, day)}
              onSlots={({ slots }) =>
                change(schedule.key, () => ({ slots: slotsFromClock(slots) }))
              }
              onSignal={(kind) => sendSignal(schedule, index, kind)}
              onDelete={() =>
                setDraft((current) => ({
                  ...current,
                  schedules: current.schedules.filter((found) => found.key !== schedule.key),
                }))
              }
            />
          ))}
          <IonButton expand="block" fill="outline" onClick={() => setDraft(addSchedule(draft))}>
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            {t('homeCharging.schedules.addSchedule')}
          </IonButton>
        </>
      )}

      {failure && (
        <FormError
          message={
            refusal
              ? `${t('homeCharging.schedules.error')}: ${refusal}`
              : t('homeCharging.schedules.error')
          }
        />
      )}
      {replace.isSuccess && !dirty && (
        <p className="form-note schedule-saved" role="status">
          {replace.data.applied
            ? t('homeCharging.schedules.saved')
            : t('homeCharging.schedules.savedOffline')}
        </p>
      )}
      <IonButton
        className="primary-action"
        expand="block"
        disabled={!dirty || replace.isPending}
        onClick={save}
      >
        {t('homeCharging.schedules.save')}
      </IonButton>
    </>
  );
}

/** spec 001 §2 schedule management: the schedule type, and the owner's Custom schedules. */
export function ChargerSchedulesPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const { charger, error, missing } = useHomeCharger(id);
  const schedules = useChargerSchedules(id, Boolean(charger));
  return (
    <PageView title={t('homeCharging.schedules.title')} subtitle={charger?.name}>
      {error || missing || schedules.isError ? (
        <FormError message={t('homeCharging.settingsError')} />
      ) : !charger || !schedules.data ? (
        <IonSpinner name="crescent" color="primary" />
      ) : (
        <>
          <SchedulesEditor chargerId={charger._id} saved={schedules.data} />
          <ReadyByCard chargerId={charger._id} />
        </>
      )}
      <IonButton expand="block" fill="clear" routerLink={homeChargingPaths.charger(id)}>
        {t('homeCharging.settings.back')}
      </IonButton>
    </PageView>
  );
}
