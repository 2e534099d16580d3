import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findAlert, pressAlertButton } from '../../test/alerts.ts';
import {
  ScheduleClock,
  SLOT_COLOURS,
  type IncomingSlot,
  type ScheduleClockChange,
  type ScheduleClockProps,
  type ScheduleClockSignal,
} from './schedule-clock.tsx';

const hours = (value: number) => value * 3600;
const slot = (_id: string, from: number, to: number): IncomingSlot => ({
  _id,
  startSeconds: hours(from),
  endSeconds: hours(to),
});

/** 01:00–05:00 and 18:00–19:30. */
const twoSlots = [slot('night', 1, 5), slot('evening', 18, 19.5)];

function renderClock(props: Partial<ScheduleClockProps> = {}) {
  const onChange = vi.fn<(change: ScheduleClockChange) => void>();
  const all: ScheduleClockProps = {
    scheduleId: 'weekdays',
    scheduleType: 'CUSTOM',
    editable: true,
    slots: twoSlots,
    onChange,
    ...props,
  };
  const view = render(<ScheduleClock {...all} />);
  const resignal = (signal: ScheduleClockSignal) =>
    view.rerender(<ScheduleClock {...all} signal={signal} />);
  return { ...view, onChange, resignal };
}

const arc = (name: string) => screen.getByRole('button', { name });
const isSelected = (name: string) => arc(name).getAttribute('aria-pressed') === 'true';
const timeField = (label: 'On' | 'Off') => screen.getByLabelText<HTMLInputElement>(label);

/** Opens the on or off time's picker and picks a time from its list. */
async function pickTime(label: 'On' | 'Off', time: string) {
  fireEvent.click(timeField(label));
  const option = await waitFor(() => {
    const shown = [
      ...document.querySelectorAll<HTMLElement>('ion-popover:not(.overlay-hidden) [role=option]'),
    ].find((candidate) => candidate.textContent === time);
    if (!shown) throw new Error(`${time} is not showing`);
    return shown;
  });
  await act(async () => {
    fireEvent.click(option);
    await Promise.resolve();
  });
}

const emitted = (onChange: ReturnType<typeof renderClock>['onChange']) =>
  onChange.mock.calls.at(-1)?.[0].slots.map((slot) => `${slot.arcStart}-${slot.arcEnd}`);

describe('ScheduleClock (spec 001 §2, §4, §5)', () => {
  it('draws a 330 dial with 24 labelled hour marks and 48 half-hour dots', () => {
    const { container } = renderClock({ slots: [] });
    const dial = container.querySelector('svg');
    expect(dial?.getAttribute('width')).toBe('330');
    const marks = container.querySelectorAll('.schedule-clock__mark');
    expect(marks).toHaveLength(24);
    expect([...marks].map((mark) => mark.textContent).slice(0, 3)).toEqual(['00', '01', '02']);
    expect(container.querySelectorAll('.schedule-clock__dot')).toHaveLength(48);
  });

  it('shows incoming seconds as HH:mm arcs, 24:00 as 00:00, in the editable colour', () => {
    const { container } = renderClock({
      slots: [slot('late', 22, 24), slot('early', 0.5, 2)],
    });
    const arcs = [...container.querySelectorAll('.schedule-clock__arc')];
    expect(arcs.map((arc) => arc.getAttribute('aria-label'))).toEqual([
      'Slot 00:30 to 02:00',
      'Slot 22:00 to 00:00',
    ]);
    expect(arcs[0]?.querySelector('.schedule-clock__arc-line')?.getAttribute('stroke')).toBe(
      SLOT_COLOURS.editable,
    );
  });

  it('selects a tapped arc, deselecting the other, and highlights its start and end marks', () => {
    const { container } = renderClock();
    // A Custom schedule opens on its first slot.
    expect(isSelected('Slot 01:00 to 05:00')).toBe(true);
    fireEvent.click(arc('Slot 18:00 to 19:30'));
    expect(isSelected('Slot 18:00 to 19:30')).toBe(true);
    expect(isSelected('Slot 01:00 to 05:00')).toBe(false);
    expect(timeField('On').value).toBe('18:00');
    expect(timeField('Off').value).toBe('19:30');
    expect(
      [...container.querySelectorAll('.schedule-clock__mark--highlighted')].map(
        (mark) => mark.textContent,
      ),
    ).toEqual(['18']);
    expect(container.querySelectorAll('.schedule-clock__dot--highlighted')).toHaveLength(2);
  });

  it('selects with Enter and Space, closes the controls with Escape or the close button', () => {
    renderClock();
    fireEvent.keyDown(arc('Slot 18:00 to 19:30'), { key: 'Enter' });
    expect(isSelected('Slot 18:00 to 19:30')).toBe(true);
    fireEvent.keyDown(arc('Slot 18:00 to 19:30'), { key: 'Escape' });
    expect(isSelected('Slot 18:00 to 19:30')).toBe(false);
    expect(screen.queryByLabelText('On')).toBeNull();
    fireEvent.keyDown(arc('Slot 01:00 to 05:00'), { key: ' ' });
    expect(timeField('On').value).toBe('01:00');
    fireEvent.click(screen.getByLabelText('Close'));
    expect(isSelected('Slot 01:00 to 05:00')).toBe(false);
  });

  it('saves a valid time and emits the new list with the schedule id', async () => {
    const { onChange } = renderClock();
    await pickTime('Off', '06:00');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]?.[0]).toEqual({
      scheduleId: 'weekdays',
      slots: [
        {
          id: 'night',
          arcStart: '01:00',
          arcEnd: '06:00',
          colour: SLOT_COLOURS.editable,
          active: true,
        },
        {
          id: 'evening',
          arcStart: '18:00',
          arcEnd: '19:30',
          colour: SLOT_COLOURS.editable,
          active: false,
        },
      ],
    });
    expect(arc('Slot 01:00 to 06:00')).toBeTruthy();
    expect(timeField('Off').getAttribute('aria-invalid')).toBe('false');
  });

  it('picks a time by keyboard: Enter opens the list, arrows move, Enter picks', async () => {
    const { onChange } = renderClock();
    fireEvent.keyDown(timeField('Off'), { key: 'Enter' });
    const chosen = await waitFor(() => {
      const option = document.querySelector<HTMLElement>(
        'ion-popover:not(.overlay-hidden) [role=option][aria-selected=true]',
      );
      if (!option) throw new Error('the list is not showing');
      return option;
    });
    expect(chosen.textContent).toBe('05:00');
    expect(screen.getByRole('listbox', { name: 'Choose the off time' })).toBeTruthy();
    fireEvent.keyDown(chosen, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('05:30');
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
      await Promise.resolve();
    });
    expect(emitted(onChange)).toEqual(['01:00-05:30', '18:00-19:30']);
  });

  it.each([
    ['an off time touching the next slot', 'Off', '18:00'],
    ['an off time equal to the on time', 'Off', '01:00'],
    ['an on time after the off time', 'On', '06:00'],
  ] as const)('refuses %s: error state, nothing saved or emitted', async (_case, field, time) => {
    const { onChange } = renderClock();
    await pickTime(field, time);
    expect(onChange).not.toHaveBeenCalled();
    expect(timeField('On').getAttribute('aria-invalid')).toBe('true');
    expect(timeField('Off').getAttribute('aria-invalid')).toBe('true');
    expect(arc('Slot 01:00 to 05:00')).toBeTruthy();
    // no message comes with the error state (spec 001 §8)
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('runs a slot past midnight to 23:59 and on from 00:00 when the off time is earlier', async () => {
    const { onChange } = renderClock({ slots: [slot('late', 21, 22)] });
    await pickTime('Off', '02:00');
    expect(emitted(onChange)).toEqual(['00:00-02:00', '21:00-23:59']);
    expect(isSelected('Slot 21:00 to 23:59')).toBe(true);
  });

  it('deletes the selected slot and emits the rest', () => {
    const { onChange } = renderClock();
    fireEvent.click(screen.getByLabelText('Delete this slot'));
    expect(emitted(onChange)).toEqual(['18:00-19:30']);
    expect(screen.queryByRole('button', { name: 'Slot 01:00 to 05:00' })).toBeNull();
  });

  it('adds a slot in the first 90-minute gap and selects it, for its own schedule id only', () => {
    const { onChange, resignal } = renderClock();
    resignal({ scheduleId: 'weekends', kind: 'add', nonce: 1 });
    expect(onChange).not.toHaveBeenCalled();
    resignal({ scheduleId: 'weekdays', kind: 'add', nonce: 2 });
    // 05:00–18:00 is the first gap of 90 minutes: 05:30–06:00
    expect(emitted(onChange)).toEqual(['01:00-05:00', '05:30-06:00', '18:00-19:30']);
    expect(isSelected('Slot 05:30 to 06:00')).toBe(true);
    expect(isSelected('Slot 01:00 to 05:00')).toBe(false);
    // the same signal again is not a second one
    resignal({ scheduleId: 'weekdays', kind: 'add', nonce: 2 });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('adds 00:00–00:30 to an empty clock', () => {
    const { onChange, resignal } = renderClock({ slots: [] });
    resignal({ scheduleId: 'weekdays', kind: 'add', nonce: 1 });
    expect(emitted(onChange)).toEqual(['00:00-00:30']);
  });

  it('shows the translated alert when no gap of 90 minutes is left', async () => {
    const { onChange, resignal } = renderClock({
      slots: [slot('a', 0, 8), slot('b', 9, 16), slot('c', 17, 23)],
    });
    resignal({ scheduleId: 'weekdays', kind: 'add', nonce: 1 });
    const alert = await findAlert('No room for another slot');
    expect(alert.message).toContain('at least 90 minutes');
    await pressAlertButton(alert, 'Cancel');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('clears every slot and emits an empty list, for its own schedule id only', () => {
    const { onChange, resignal, container } = renderClock();
    resignal({ scheduleId: 'weekends', kind: 'clear', nonce: 1 });
    expect(container.querySelectorAll('.schedule-clock__arc')).toHaveLength(2);
    resignal({ scheduleId: 'weekdays', kind: 'clear', nonce: 2 });
    expect(onChange).toHaveBeenCalledWith({ scheduleId: 'weekdays', slots: [] });
    expect(container.querySelectorAll('.schedule-clock__arc')).toHaveLength(0);
  });

  it('keeps a Default schedule read-only in its own colour, with no arc selected at first', () => {
    const { container, onChange, resignal } = renderClock({
      scheduleType: 'DEFAULT',
      editable: false,
    });
    const arcs = [...container.querySelectorAll('[aria-pressed]')];
    expect(arcs.map((arc) => arc.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    expect(container.querySelector('.schedule-clock__arc-line')?.getAttribute('stroke')).toBe(
      SLOT_COLOURS.readOnly,
    );
    fireEvent.click(arc('Slot 18:00 to 19:30'));
    expect(timeField('On').value).toBe('18:00');
    expect(timeField('On').getAttribute('aria-haspopup')).toBeNull();
    expect(screen.queryByLabelText('Delete this slot')).toBeNull();
    resignal({ scheduleId: 'weekdays', kind: 'clear', nonce: 1 });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not change a Custom schedule marked not editable', () => {
    const { container } = renderClock({ editable: false });
    expect(container.querySelector('.schedule-clock__arc-line')?.getAttribute('stroke')).toBe(
      SLOT_COLOURS.readOnly,
    );
    expect(screen.queryByLabelText('Delete this slot')).toBeNull();
  });
});
