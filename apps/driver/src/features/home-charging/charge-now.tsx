import { useTranslation } from 'react-i18next';
import type { HomeChargerView } from '@evc/contract';
import {
  chargerTimeZone,
  chargingWindows,
  isChargingAllowedAt,
  minuteOfWeekIn,
  clockSlotOf,
  type WeeklySchedule,
} from '@evc/domain';
import { useErrorMessage } from '../../lib/api/error-message.ts';
import { DebounceButton } from '../../ui/debounce-button/debounce-button.tsx';
import { FormError } from '../../ui/page-view/page-view.tsx';
import { useChargeNow, useChargerSchedules } from './api/charger-schedules.ts';

const toWeekly = (schedule: {
  days: WeeklySchedule['days'];
  slots: readonly { startSeconds: number; endSeconds: number }[];
}): WeeklySchedule => ({
  days: schedule.days,
  slots: schedule.slots.map(clockSlotOf),
});

/** Whether the charger's schedule keeps it from charging now; null while that is not known. */
function useOutsideSchedule(charger: HomeChargerView, now: Date): boolean | null {
  const custom = charger.scheduleType === 'CUSTOM';
  const schedules = useChargerSchedules(charger._id, custom);
  if (charger.scheduleType === 'NONE') return false;
  if (custom && !schedules.data) return null;
  const windows = chargingWindows({
    scheduleType: charger.scheduleType,
    schedules: (schedules.data?.schedules ?? []).map(toWeekly),
    offPeak: charger.settings.offPeak,
    delaySeconds: 0,
  });
  // The charger's own time, wherever the owner's phone is.
  return !isChargingAllowedAt(windows, minuteOfWeekIn(now, chargerTimeZone(charger.country)));
}

/**
 * A boost (spec 000 §7 cleardefault): while a session runs outside the charger's schedule, the
 * owner may charge now; the schedule holds again from the next session.
 */
export function ChargeNow({
  charger,
  transactionId,
}: {
  charger: HomeChargerView;
  transactionId: string;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const boost = useChargeNow();
  const outside = useOutsideSchedule(charger, new Date());
  const boosted = boost.isSuccess && boost.variables === transactionId;
  if (boosted) {
    return (
      <p className="form-note" role="status">
        {t('homeCharging.boost.boosted')}
      </p>
    );
  }
  if (!outside) return null;
  return (
    <div className="home-boost">
      <p className="form-note">{t('homeCharging.boost.outside')}</p>
      <DebounceButton
        expand="block"
        color="secondary"
        disabled={boost.isPending}
        onDebouncedClick={() => boost.mutate(transactionId)}
      >
        {t('homeCharging.boost.chargeNow')}
      </DebounceButton>
      <FormError message={boost.error ? errorMessage(boost.error) : null} />
    </div>
  );
}
