import { useTranslation } from 'react-i18next';
import { WEEK_DAYS, type WeekDay } from '@evc/domain';

// 1 January 2024 was a Monday: the week's names come from Intl in the page's language.
const dayDate = (day: WeekDay) => new Date(2024, 0, 1 + WEEK_DAYS.indexOf(day));

/** A weekday's short and full names in the language shown. */
export function useDayNames() {
  const { i18n } = useTranslation();
  const short = new Intl.DateTimeFormat(i18n.language, { weekday: 'short' });
  const long = new Intl.DateTimeFormat(i18n.language, { weekday: 'long' });
  return {
    short: (day: WeekDay) => short.format(dayDate(day)),
    long: (day: WeekDay) => long.format(dayDate(day)),
  };
}

/** spec 001 §3: a schedule's days, MON to SUN, as chips pressed on or off. */
export function WeekDayChips({
  days,
  label,
  onToggle,
}: {
  days: readonly WeekDay[];
  label: string;
  /** Absent: the days are only shown. */
  onToggle?: (day: WeekDay) => void;
}) {
  const names = useDayNames();
  return (
    <div className="schedule-days" role="group" aria-label={label}>
      {WEEK_DAYS.map((day) => (
        <button
          key={day}
          type="button"
          className="schedule-day"
          aria-pressed={days.includes(day)}
          aria-label={names.long(day)}
          disabled={!onToggle}
          onClick={() => onToggle?.(day)}
        >
          {names.short(day)}
        </button>
      ))}
    </div>
  );
}
