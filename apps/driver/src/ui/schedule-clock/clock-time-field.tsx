import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { IonPopover } from '@ionic/react';
import { CLOCK_STEP_MINUTES, DAY_MINUTES, secondsToClockTime } from '@evc/domain';

/** spec 001 §9: the times a slot can be set to, every 30 minutes of the 24 hours. */
const CLOCK_TIMES = Array.from({ length: DAY_MINUTES / CLOCK_STEP_MINUTES }, (_, step) =>
  secondsToClockTime(step * CLOCK_STEP_MINUTES * 60),
);

export interface ClockTimeFieldProps {
  label: string;
  /** The time list's name for screen readers ("Choose the on time"). */
  pickerLabel: string;
  value: string;
  invalid: boolean;
  /** A read-only schedule shows the time without a picker. */
  readOnly: boolean;
  onPick: (time: string) => void;
  onPickerOpenChange: (open: boolean) => void;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * spec 001 §2: a read-only 24-hour text field that opens a list of the half-hour times; by touch
 * or mouse, or by keyboard (Enter, Space or Down opens it, arrows move, Enter picks, Escape closes).
 */
export function ClockTimeField({
  label,
  pickerLabel,
  value,
  invalid,
  readOnly,
  onPick,
  onPickerOpenChange,
}: ClockTimeFieldProps) {
  const inputId = useId();
  const [open, setOpen] = useState<Event | null>(null);
  const list = useRef<HTMLUListElement>(null);

  const show = (event: Event | null) => {
    setOpen(event);
    onPickerOpenChange(event !== null);
  };
  const pick = (time: string) => {
    show(null);
    onPick(time);
  };
  const options = () => [...(list.current?.querySelectorAll<HTMLElement>('[role=option]') ?? [])];
  const focusChosen = () => {
    const all = options();
    (all.find((option) => option.getAttribute('aria-selected') === 'true') ?? all[0])?.focus();
  };
  const moveFocus = (event: KeyboardEvent<HTMLElement>, time: string) => {
    const all = options();
    const index = all.findIndex((option) => option.dataset.time === time);
    const next = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: all.length - 1,
    }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      all[Math.max(0, Math.min(all.length - 1, next))]?.focus();
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(time);
    }
  };

  return (
    <div className="schedule-clock__field">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="text"
        readOnly
        value={value}
        aria-invalid={invalid}
        aria-haspopup={readOnly ? undefined : 'listbox'}
        aria-expanded={readOnly ? undefined : open !== null}
        className="schedule-clock__time"
        onClick={(event) => !readOnly && show(event.nativeEvent)}
        onKeyDown={(event) => {
          if (readOnly || !OPEN_KEYS.has(event.key)) return;
          event.preventDefault();
          show(event.nativeEvent);
        }}
      />
      {!readOnly && (
        <IonPopover
          isOpen={open !== null}
          event={open ?? undefined}
          onDidPresent={focusChosen}
          onDidDismiss={() => show(null)}
          className="schedule-clock__picker"
        >
          <ul
            ref={list}
            role="listbox"
            aria-label={pickerLabel}
            className="schedule-clock__times-list"
          >
            {CLOCK_TIMES.map((time) => (
              <li
                key={time}
                role="option"
                data-time={time}
                aria-selected={time === value}
                tabIndex={time === value ? 0 : -1}
                onClick={() => pick(time)}
                onKeyDown={(event) => moveFocus(event, time)}
              >
                {time}
              </li>
            ))}
          </ul>
        </IonPopover>
      )}
    </div>
  );
}
