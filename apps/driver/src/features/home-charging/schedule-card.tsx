import { IonButton, IonIcon, IonInput } from '@ionic/react';
import { addOutline, closeCircleOutline, trashOutline } from 'ionicons/icons';
import { useTranslation } from 'react-i18next';
import { canEditSchedule, type WeekDay } from '@evc/domain';
import {
  ScheduleClock,
  type ScheduleClockChange,
  type ScheduleClockSignal,
} from '../../ui/schedule-clock/schedule-clock.tsx';
import type { DraftSchedule } from './schedule-draft.ts';
import { WeekDayChips } from './week-day-chips.tsx';

/**
 * spec 001 §2, §4: one Custom schedule — its name, its days, its clock, and the buttons that send
 * the clock its add-slot and clear-slots signals. A schedule marked not editable is only shown.
 */
export function ScheduleCard({
  schedule,
  signal,
  onRename,
  onToggleDay,
  onSlots,
  onSignal,
  onDelete,
}: {
  schedule: DraftSchedule;
  signal: ScheduleClockSignal | null;
  onRename: (name: string) => void;
  onToggleDay: (day: WeekDay) => void;
  onSlots: (change: ScheduleClockChange) => void;
  onSignal: (kind: ScheduleClockSignal['kind']) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const editable = canEditSchedule('CUSTOM', schedule.editable);
  return (
    <section
      className="schedule-card"
      aria-label={schedule.name || t('homeCharging.schedules.name')}
    >
      <IonInput
        className="field"
        label={t('homeCharging.schedules.name')}
        labelPlacement="floating"
        fill="outline"
        value={schedule.name}
        readonly={!editable}
        maxlength={100}
        onIonInput={(event) => onRename(event.detail.value ?? '')}
      />
      <WeekDayChips
        days={schedule.days}
        label={t('homeCharging.schedules.days')}
        onToggle={editable ? onToggleDay : undefined}
      />
      <ScheduleClock
        scheduleId={schedule.key}
        scheduleType="CUSTOM"
        editable={schedule.editable}
        slots={schedule.slots}
        onChange={onSlots}
        signal={signal}
      />
      {editable && (
        <div className="schedule-card__actions">
          <IonButton size="small" fill="outline" onClick={() => onSignal('add')}>
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            {t('homeCharging.schedules.addSlot')}
          </IonButton>
          <IonButton size="small" fill="outline" color="medium" onClick={() => onSignal('clear')}>
            <IonIcon slot="start" icon={closeCircleOutline} aria-hidden="true" />
            {t('homeCharging.schedules.clearSlots')}
          </IonButton>
          <IonButton size="small" fill="clear" color="danger" onClick={onDelete}>
            <IonIcon slot="start" icon={trashOutline} aria-hidden="true" />
            {t('homeCharging.schedules.deleteSchedule')}
          </IonButton>
        </div>
      )}
    </section>
  );
}
